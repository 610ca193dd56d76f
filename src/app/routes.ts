/**
 * The route table: every route of SPEC §2 with its title and guard flags.
 * `name` matters: a route whose name contains "Taxes" needs the tax flag (SPEC §5).
 * `auth`: needs a company that is neither no_apply nor apply (SPEC §2).
 * Pages load lazily, each route its own chunk (every route now has its real page).
 */
import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyChunk } from './shared/lib/chunks';
import type { GuardMeta } from './shared/lib/guards';
import { t } from './shared/i18n/zh-CN';

export type Layout = 'main' | 'blank';

export interface RouteDef extends GuardMeta {
  path: string;
  title: string;
  layout: Layout;
  /** the breadcrumb bar shows the search box (keywords go to `?keywords=`) */
  search?: boolean;
  /** the breadcrumb's parent route name */
  parent?: string;
  page: LazyExoticComponent<ComponentType>;
}

// chunk loading has a 120 s timeout giving ChunkLoadError (SPEC §2, §8); a chunk a deploy
// removed reloads the new version once (shared/lib/chunks.ts); the router shows the error
const page = (load: () => Promise<{ default: ComponentType }>) => lazyChunk(load);

const Login = page(() => import('./pages/login'));
const Home = page(() => import('./pages/home'));
const Statistics = page(() => import('./pages/statistics'));
const NotFound = page(() => import('./pages/not-found'));
const Hall = page(() => import('./pages/hall'));
const Position = page(() => import('./pages/position'));
const PositionPost = page(() => import('./pages/position-post'));
const PositionCollection = page(() => import('./pages/position-collection'));
const PositionEntry = page(() => import('./pages/position-entry'));
const PositionInvite = page(() => import('./pages/position-invite'));
const Employment = page(() => import('./pages/employment'));
const EmploymentPost = page(() => import('./pages/employment-post'));
const EmploymentProtocol = page(() => import('./pages/employment-protocol'));
const EmploymentSetting = page(() => import('./pages/employment-setting'));
const EmploymentPreview = page(() => import('./pages/employment-preview'));
const EmploymentTask = page(() => import('./pages/employment-task'));
const Evidence = page(() => import('./pages/employment-evidence'));
const SpecialBatch = page(() => import('./pages/special-batch'));
const EmploymentRunRecord = page(() => import('./pages/employment-run-record'));
const EmploymentPayList = page(() => import('./pages/employment-pay-list'));
const SpecialReceipt = page(() => import('./pages/special-receipt'));
const Create = page(() => import('./pages/create'));
const CompanyAuth = page(() => import('./pages/company-auth'));
const InReview = page(() => import('./pages/in-review'));
const Account = page(() => import('./pages/account'));
const AccountInfo = page(() => import('./pages/account-info'));
const Strategic = page(() => import('./pages/strategic'));
const Bind = page(() => import('./pages/bind'));
const Agreement = page(() => import('./pages/agreement'));
const InviteFriends = page(() => import('./pages/invite'));
const CompanyInvite = page(() => import('./pages/company-invite'));
const Dimission = page(() => import('./pages/dimission'));
const DimissionPrint = page(() => import('./pages/dimission-print'));
const Leave = page(() => import('./pages/leave'));
const ProofView = page(() => import('./pages/proof-view'));
const ProofCheck = page(() => import('./pages/proof-check'));
const WorkerInvite = page(() => import('./pages/worker-invite'));
const WorkerSignup = page(() => import('./pages/worker-signup'));
const InterviewLink = page(() => import('./pages/interview-link'));
const Job = page(() => import('./pages/job'));
const VerifySigned = page(() => import('./pages/verify-signed'));
const BulkImport = page(() => import('./pages/bulk-import'));
const ImportBatch = page(() => import('./pages/import-batch'));
const TaxAuth = page(() => import('./pages/tax-auth'));
const TaxList = page(() => import('./pages/tax-list'));
const TaxAdd = page(() => import('./pages/tax-add'));
const TaxCheck = page(() => import('./pages/tax-check'));
const TaxOrder = page(() => import('./pages/tax-order'));
const TaxDetail = page(() => import('./pages/tax-detail'));
const TaxBulk = page(() => import('./pages/tax-bulk'));
const Messages = page(() => import('./pages/messages'));
const TaxProofCheck = page(() => import('./pages/tax-proof-check'));

const T = t.routes;

type R = Omit<RouteDef, 'layout'> & { layout?: Layout };
const main = (r: R): RouteDef => ({ layout: 'main', ...r });
const blank = (r: R): RouteDef => ({ layout: 'blank', neverLogin: true, ...r });

export const routes: RouteDef[] = [
  // public, never-login
  blank({ name: 'login', path: '/login', title: T.login, loginOnly: true, page: Login }),
  blank({ name: 'bind', path: '/bind', title: T.bind, page: Bind }),
  blank({ name: 'agreement', path: '/agreement', title: T.agreement, page: Agreement }),
  blank({ name: 'invite', path: '/invite', title: T.invite, page: InviteFriends }),
  blank({ name: 'companyInvite', path: '/company/invite', title: T.companyInvite, page: CompanyInvite }),
  blank({ name: 'leave', path: '/m/leave/:token', title: T.leave, page: Leave }),
  blank({ name: 'proofView', path: '/m/proof/:token', title: T.proofView, page: ProofView }),
  blank({ name: 'proofCheck', path: '/m/proof-check/:code?', title: T.proofView, page: ProofCheck }),
  blank({ name: 'taxProofCheck', path: '/m/tax-check/:code?', title: T.taxProof, page: TaxProofCheck }),
  blank({ name: 'workerInvite', path: '/m/flex/w/:token', title: T.workerInvite, page: WorkerInvite }),
  blank({ name: 'workerSignup', path: '/m/flex/t/:token', title: T.workerSignup, page: WorkerSignup }),
  blank({ name: 'verifySigned', path: '/m/verify', title: T.verifySigned, page: VerifySigned }),
  blank({ name: 'interviewLink', path: '/m/interview/:token', title: T.interviewLink, page: InterviewLink }),
  blank({ name: 'job', path: '/m/job/:token', title: T.job, page: Job }),

  main({ name: 'index', path: '/index', title: T.index, page: Home }),
  main({ name: 'statistics', path: '/statistics', title: T.statistics, auth: true, parent: 'index', page: Statistics }),
  main({ name: 'hall', path: '/hall', title: T.hall, auth: true, search: true, page: Hall }),

  main({ name: 'position', path: '/position', title: T.position, search: true, page: Position }),
  main({ name: 'positionPost', path: '/position/post', title: T.positionPost, auth: true, parent: 'position', page: PositionPost }),
  main({
    name: 'positionCollection',
    path: '/position/collection/:id/:title',
    title: T.positionCollection,
    auth: true,
    parent: 'position',
    page: PositionCollection,
  }),
  main({ name: 'positionEntry', path: '/position/entry/:id/:title', title: T.positionEntry, auth: true, parent: 'position', page: PositionEntry }),
  main({ name: 'positionInvite', path: '/position/invite/:id/:title', title: T.positionInvite, auth: true, parent: 'position', page: PositionInvite }),

  main({ name: 'dimission', path: '/dimission', title: T.dimission, search: true, page: Dimission }),
  blank({ name: 'dimissionPrint', path: '/dimission/print/:id', title: T.dimissionPrint, neverLogin: false, page: DimissionPrint }),
  main({ name: 'bulkImport', path: '/bulkImport/:type', title: T.bulkImport, auth: true, page: BulkImport }),
  main({ name: 'importBatch', path: '/import-batch', title: T.importBatch, auth: true, page: ImportBatch }),

  main({ name: 'employment', path: '/employment', title: T.employment, search: true, page: Employment }),
  main({ name: 'employmentPost', path: '/employment/post', title: T.employmentPost, auth: true, parent: 'employment', page: EmploymentPost }),
  main({
    name: 'employmentProtocol',
    path: '/employment/upload-protocol/:id',
    title: T.employmentProtocol,
    auth: true,
    parent: 'employment',
    page: EmploymentProtocol,
  }),
  main({ name: 'employmentSetting', path: '/employment/setting/:id', title: T.employmentSetting, auth: true, parent: 'employment', page: EmploymentSetting }),
  main({ name: 'employmentPreview', path: '/employment/preview/:id', title: T.employmentPreview, auth: true, parent: 'employment', page: EmploymentPreview }),
  main({ name: 'employmentTask', path: '/employment/task/:id/:name', title: T.employmentTask, auth: true, parent: 'employment', page: EmploymentTask }),
  // the breadcrumb links a parent by its path: the task page's has parameters, so the parent is
  // 灵活用工 and the page itself links back to its task (返回管理任务)
  main({ name: 'employmentEvidence', path: '/employment/evidence/:id', title: T.employmentEvidence, auth: true, parent: 'employment', page: Evidence }),
  main({ name: 'specialBatch', path: '/special/batch/:id/:name', title: T.specialBatch, auth: true, parent: 'employment', page: SpecialBatch }),
  main({
    name: 'employmentRunRecord',
    path: '/employment/runRecord/:id/:reward_id/:status',
    title: T.employmentRunRecord,
    auth: true,
    parent: 'employment',
    page: EmploymentRunRecord,
  }),
  main({
    name: 'employmentPayList',
    path: '/employment/pay-list/:id/:reward_id/:status',
    title: T.employmentPayList,
    auth: true,
    parent: 'employment',
    page: EmploymentPayList,
  }),
  blank({ name: 'specialReceipt', path: '/special/receipt/:id/:row', title: T.specialReceipt, neverLogin: false, auth: true, page: SpecialReceipt }),

  // tax service: every name contains "Taxes" (tax flag); all of them work on company data (auth)
  main({ name: 'payTaxesAuth', path: '/payTaxes/auth', title: T.payTaxesAuth, auth: true, parent: 'payTaxesList', page: TaxAuth }),
  main({ name: 'payTaxesList', path: '/payTaxes/list', title: T.payTaxesList, auth: true, search: true, page: TaxList }),
  main({ name: 'payTaxesAdd', path: '/payTaxes/add', title: T.payTaxesAdd, auth: true, parent: 'payTaxesList', page: TaxAdd }),
  main({ name: 'payTaxesCheck', path: '/payTaxes/check/:id', title: T.payTaxesCheck, auth: true, parent: 'payTaxesList', page: TaxCheck }),
  main({ name: 'payTaxesOrder', path: '/payTaxes/order/:id', title: T.payTaxesOrder, auth: true, parent: 'payTaxesList', page: TaxOrder }),
  main({ name: 'payTaxesDetail', path: '/payTaxes/detail/:id/:number', title: T.payTaxesDetail, auth: true, parent: 'payTaxesList', page: TaxDetail }),
  main({ name: 'payTaxesBulkImport', path: '/payTaxes/bulkImport', title: T.payTaxesBulkImport, auth: true, parent: 'payTaxesList', page: TaxBulk }),

  main({ name: 'auth', path: '/auth', title: T.auth, page: CompanyAuth }),
  main({ name: 'inReview', path: '/inReview', title: T.inReview, page: InReview }),
  main({ name: 'create', path: '/create', title: T.create, page: Create }),
  main({ name: 'account', path: '/account', title: T.account, auth: true, page: Account }),
  main({ name: 'strategic', path: '/strategic', title: T.strategic, auth: true, page: Strategic }),
  main({ name: 'accountInfo', path: '/account-info', title: T.accountInfo, page: AccountInfo }),
  main({ name: 'messages', path: '/messages', title: T.messages, auth: true, page: Messages }),
  main({ name: 'notFound', path: '/404', title: T.notFound, neverLogin: true, page: NotFound }),
];

/** Plain redirects of SPEC §2 (before guards). */
export const redirects: Record<string, string> = {
  '/': '/index',
  '/payTaxes': '/payTaxes/list',
};

export const routeByName = new Map(routes.map((r) => [r.name, r]));

/** The subtitle of the document title: a route's `title` or `name` parameter (a job or task name). */
export function routeSubtitle(params: Record<string, string | undefined>): string | undefined {
  const raw = params.title ?? params.name;
  if (!raw) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
