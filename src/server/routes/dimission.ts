/**
 * Departure handling (离职办理, issue 11): resignation requests, scan to leave, departure proofs,
 * urging and departure records. HR endpoints are for members of a verified company (a
 * paid feature, SPEC §6; domain/dimission/shared.ts hrOf); another company's ids answer the same
 * 404 as missing ones. Mobiles and ID numbers are sealed (docs/pii.md): lists carry masks, 查看
 * reveals with an audit row. The rules and their SQL are in domain/dimission/.
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints';
import { approveRequest, confirmHandover, rejectRequest, urgeHandover } from '../domain/dimission/handover';
import { createManualProof, draftProofFromRecord, issueProof, reissueProof, saveDraftProof, urgeProof, voidProof } from '../domain/dimission/proof-edits';
import { checkProof } from '../domain/dimission/proof-check';
import { hrProofFile, previewProof } from '../domain/dimission/proof-files';
import { proofFileByLink, revealProofByLink, sendProofRevealCode, viewProofByLink } from '../domain/dimission/proof-links';
import { listProofs } from '../domain/dimission/proofs';
import { proofSealState, sealProof } from '../domain/dimission/proof-seal';
import type { SignFlowProvider } from '../domain/employment/sign-flow';
import { exportRecords } from '../domain/dimission/records-export';
import { listRecords, markTransferDone, revealRecord } from '../domain/dimission/records';
import { listRequests, pendingRequestCount, revealRequestMobile } from '../domain/dimission/requests';
import { leavePage, leaveQr, sendLeaveCode, submitLeave, verifyLeaveMobile, withdrawLeave } from '../domain/dimission/scan-page';
import { hrOf } from '../domain/dimission/shared';
import { SMS_INTERVAL_S } from '../domain/sms-codes';
import { isActiveMember } from '../domain/users';
import { isPaid } from '../domain/access';
import { requestOrigin } from '../http/origin';
import { addRoute } from '../http/route';
import { limitIp, type LoginLimits } from '../lib/limits';

export function dimissionRoutes(app: FastifyInstance, opts: { sandbox: boolean; limits: LoginLimits; flows: SignFlowProvider | null }) {
  /**
   * SPEC §4 urge notice: pending resignation requests of the caller's company — 0 until admitted,
   * and 0 for a company that is not a paying member: it cannot open or act on them (hrOf), so the
   * notice would urge what it cannot do (issue 33).
   */
  addRoute(app, endpoints.urge, async ({ auth, db, now }) => {
    if (!isActiveMember(auth.user, auth.company) || !isPaid(auth.company, now)) return { count: 0 };
    return { count: await pendingRequestCount(db, auth.company.id) };
  });

  // --- resignation requests ----------------------------------------------------------------------
  addRoute(app, endpoints.dimRequests, async ({ auth, db, query, now }) => listRequests(db, hrOf(auth, now).company.id, query, now));
  addRoute(app, endpoints.dimApprove, async ({ auth, db, params, body, now }) => approveRequest(db, hrOf(auth, now), params.id, body, now));
  addRoute(app, endpoints.dimReject, async ({ auth, db, params, body, now, req }) =>
    rejectRequest(db, hrOf(auth, now), params.id, body.reason, requestOrigin(req), now),
  );
  addRoute(app, endpoints.dimHandover, async ({ auth, db, params, now }) => confirmHandover(db, hrOf(auth, now), params.id, now));
  addRoute(app, endpoints.dimRequestUrge, async ({ auth, db, params, now }) => urgeHandover(db, hrOf(auth, now), params.id, now));
  addRoute(app, endpoints.dimRequestMobile, async ({ auth, db, params, now, req }) => revealRequestMobile(db, hrOf(auth, now), params.id, req.ip));

  // --- scan to leave --------------------------------------------------------------------------------
  addRoute(app, endpoints.dimQr, async ({ auth, db, body, now, req }) => leaveQr(db, hrOf(auth, now), body.rotate === '1', requestOrigin(req), now));
  addRoute(app, endpoints.leavePage, async ({ db, params }) => leavePage(db, params.token));
  addRoute(app, endpoints.leaveCode, async ({ db, params, body, now, setMsg, req }) => {
    await sendLeaveCode(db, params.token, body.mobile, req.ip, now, opts.limits, opts.sandbox);
    req.log.info({ purpose: 'scan-to-leave' }, 'sms code sent');
    setMsg('验证码已发送');
    return { retry_after: SMS_INTERVAL_S };
  });
  addRoute(app, endpoints.leaveVerify, async ({ db, params, body, now, req }) => {
    await limitIp(db, req.ip, 'leave', opts.limits.ipPerMinute, now);
    return verifyLeaveMobile(db, params.token, body.mobile, body.code, now, opts.limits);
  });
  addRoute(app, endpoints.leaveSubmit, async ({ db, params, body, now }) => submitLeave(db, params.token, body, now));
  addRoute(app, endpoints.leaveWithdraw, async ({ db, params, body, now }) => withdrawLeave(db, params.token, body.ticket, now));

  // --- departure proofs --------------------------------------------------------------------------------
  addRoute(app, endpoints.dimProofs, async ({ auth, db, query, now }) => ({
    ...(await listProofs(db, hrOf(auth, now).company.id, query, now)),
    e_seal: opts.flows !== null,
  }));
  addRoute(app, endpoints.dimProof, async ({ auth, db, params, now, req }) => previewProof(db, hrOf(auth, now), params.id, req.ip, requestOrigin(req), now));
  addRoute(app, endpoints.dimProofFile, async ({ auth, db, params, now, req }) => hrProofFile(db, hrOf(auth, now), params.id, requestOrigin(req), now));
  addRoute(app, endpoints.dimProofFromRecord, async ({ auth, db, body, now }) => draftProofFromRecord(db, hrOf(auth, now), body.record_id, now));
  addRoute(app, endpoints.dimProofManual, async ({ auth, db, body, now }) => createManualProof(db, hrOf(auth, now), body, now));
  addRoute(app, endpoints.dimProofSave, async ({ auth, db, params, body, now }) => saveDraftProof(db, hrOf(auth, now), params.id, body, now));
  addRoute(app, endpoints.dimProofIssue, async ({ auth, db, params, body, now, req }) =>
    issueProof(db, hrOf(auth, now), params.id, body.early_reason ?? '', requestOrigin(req), now),
  );
  addRoute(app, endpoints.dimProofVoid, async ({ auth, db, params, body, now }) => voidProof(db, hrOf(auth, now), params.id, body.reason, now));
  addRoute(app, endpoints.dimProofReissue, async ({ auth, db, params, now }) => reissueProof(db, hrOf(auth, now), params.id, now));
  /** 加盖电子印章 through e签宝 (proof-seal.ts), and HR's page asking how it stands while 盖章中 */
  addRoute(app, endpoints.dimProofSeal, async ({ auth, db, params, now, req }) =>
    sealProof(db, hrOf(auth, now), params.id, opts.flows, requestOrigin(req), now, (err) => req.log.error({ err }, 'e签宝 电子印章')),
  );
  addRoute(app, endpoints.dimProofSealState, async ({ auth, db, params, now, req }) =>
    proofSealState(db, hrOf(auth, now), params.id, opts.flows, now, (err) => req.log.error({ err }, 'e签宝 电子印章')),
  );
  addRoute(app, endpoints.dimProofUrge, async ({ auth, db, params, now, req }) => urgeProof(db, hrOf(auth, now), params.id, requestOrigin(req), now));
  /** The employee's link: no account, the token is the key. */
  // the employee's links (proof-links.ts): masked; the whole number after a code to the mobile on file
  addRoute(app, endpoints.proofView, async ({ db, params, now, req }) => viewProofByLink(db, params.token, req.ip, requestOrigin(req), now));
  addRoute(app, endpoints.proofViewFile, async ({ db, params, now, req }) => proofFileByLink(db, params.token, req.ip, requestOrigin(req), now));
  addRoute(app, endpoints.proofViewCode, async ({ db, params, now, setMsg, req }) => {
    const sent = await sendProofRevealCode(db, params.token, req.ip, now, opts.limits, opts.sandbox);
    setMsg(`验证码已发送至${sent.mobile_mask}`);
    return sent;
  });
  addRoute(app, endpoints.proofViewReveal, async ({ db, params, body, now, req }) => revealProofByLink(db, params.token, body.code, req.ip, now, opts.limits));
  /** 验真: anyone with the code on a proof (or its QR); the per-address limit of public endpoints applies */
  addRoute(app, endpoints.proofCheck, async ({ db, params, query }) => checkProof(db, params.code, query.sha256));

  // --- departure records ---------------------------------------------------------------------------------
  addRoute(app, endpoints.dimRecords, async ({ auth, db, query, now }) => listRecords(db, hrOf(auth, now).company.id, query, now));
  addRoute(app, endpoints.dimRecordTransfer, async ({ auth, db, params, now }) => markTransferDone(db, hrOf(auth, now).company.id, params.id, now));
  addRoute(app, endpoints.dimRecordReveal, async ({ auth, db, params, query, now, req }) =>
    revealRecord(db, hrOf(auth, now), params.id, query.field, query.reason, req.ip),
  );
  /** .xlsx of every matching record (masked values): a ticket, the file streams from POST /export/file (issue 34). */
  addRoute(app, endpoints.dimRecordsExport, async ({ auth, db, query, now }) =>
    exportRecords(db, { companyId: hrOf(auth, now).company.id, userId: auth.user.id }, query.keywords, now),
  );
}
