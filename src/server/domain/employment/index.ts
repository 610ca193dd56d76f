/**
 * 灵活用工 as the other areas see it: the payout side (accepted deliveries, the company's task),
 * the sandbox's review and worker pages, the seed, 自动验收. The area's own routes import its files.
 */
export { MSG_TASK_MISSING, newTaskNo, newToken, ownTask, publicTaskUrl, reviewTask, taskById, taskByPublicToken, transitionTask, workerPageUrl } from './tasks';
export type { TaskRow } from './tasks';
export { addToTask, checkWorker, markMobileVerified, startIfRecruiting, upsertFlexWorker } from './people';
export type { WorkerInput } from './people';
export { currentAgreement } from './agreements';
export { acceptedBy, acceptedDeliveries, AUTO_ACCEPT_OPERATOR, expireSignings } from './task-workers';
export type { TaskWorkerRow } from './task-workers';
