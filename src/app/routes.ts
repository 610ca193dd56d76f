/**
 * The route table: every route of SPEC §2 with its title and guard flags.
 * `name` matters: a route whose name contains "Taxes" needs the tax flag (SPEC §5).
 * `auth`: needs a company that is neither no_apply nor apply (SPEC §2).
 * Pages load lazily, each route its own chunk (every route now has its real page).
 */
import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyChunk } from './shared/lib/chunks';
import type { GuardMeta } from './shared/lib/guards';

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
const BulkImport = page(() => import('./pages/bulk-import'));
const ImportBatch = page(() => import('./pages/import-batch'));
const TaxAuth = page(() => import('./pages/tax-auth'));
const TaxList = page(() => import('./pages/tax-list'));
const TaxAdd = page(() => import('./pages/tax-add'));
const TaxCheck = page(() => import('./pages/tax-check'));
const TaxOrder = page(() => import('./pages/tax-order'));
const TaxDetail = page(() => import('./pages/tax-detail'));
const TaxBulk = page(() => import('./pages/tax-bulk'));

type R = Omit<RouteDef, 'layout'> & { layout?: Layout };
const main = (r: R): RouteDef => ({ layout: 'main', ...r });
const blank = (r: R): RouteDef => ({ layout: 'blank', neverLogin: true, ...r });

export const routes: RouteDef[] = [
  // public, never-login
  blank({ name: 'login', path: '/login', title: '登录', loginOnly: true, page: Login }),
  blank({ name: 'bind', path: '/bind', title: '绑定手机号', page: Bind }),
  blank({ name: 'agreement', path: '/agreement', title: '用户服务协议', page: Agreement }),
  blank({ name: 'invite', path: '/invite', title: '邀请好友', page: InviteFriends }),
  blank({ name: 'companyInvite', path: '/company/invite', title: '邀请同事', page: CompanyInvite }),
  blank({ name: 'leave', path: '/m/leave/:token', title: '扫码离职', page: Leave }),
  blank({ name: 'proofView', path: '/m/proof/:token', title: '离职证明', page: ProofView }),

  main({ name: 'index', path: '/index', title: '首页', page: Home }),
  main({ name: 'statistics', path: '/statistics', title: '数据面板', auth: true, parent: 'index', page: Statistics }),
  main({ name: 'hall', path: '/hall', title: '人才大厅', auth: true, search: true, page: Hall }),

  main({ name: 'position', path: '/position', title: '全职招聘', search: true, page: Position }),
  main({ name: 'positionPost', path: '/position/post', title: '发布职位', auth: true, parent: 'position', page: PositionPost }),
  main({ name: 'positionCollection', path: '/position/collection/:id/:title', title: '收到的简历', auth: true, parent: 'position', page: PositionCollection }),
  main({ name: 'positionEntry', path: '/position/entry/:id/:title', title: '已录用', auth: true, parent: 'position', page: PositionEntry }),
  main({ name: 'positionInvite', path: '/position/invite/:id/:title', title: '邀请面试', auth: true, parent: 'position', page: PositionInvite }),

  main({ name: 'dimission', path: '/dimission', title: '离职办理', search: true, page: Dimission }),
  blank({ name: 'dimissionPrint', path: '/dimission/print/:id', title: '打印离职证明', neverLogin: false, page: DimissionPrint }),
  main({ name: 'bulkImport', path: '/bulkImport/:type', title: '批量导入', auth: true, page: BulkImport }),
  main({ name: 'importBatch', path: '/import-batch', title: '导入批次', auth: true, page: ImportBatch }),

  main({ name: 'employment', path: '/employment', title: '灵活用工', search: true, page: Employment }),
  main({ name: 'employmentPost', path: '/employment/post', title: '发布任务', auth: true, parent: 'employment', page: EmploymentPost }),
  main({ name: 'employmentProtocol', path: '/employment/upload-protocol/:id', title: '上传协议', auth: true, parent: 'employment', page: EmploymentProtocol }),
  main({ name: 'employmentSetting', path: '/employment/setting/:id', title: '任务设置', auth: true, parent: 'employment', page: EmploymentSetting }),
  main({ name: 'employmentPreview', path: '/employment/preview/:id', title: '任务预览', auth: true, parent: 'employment', page: EmploymentPreview }),
  main({ name: 'employmentTask', path: '/employment/task/:id/:name', title: '管理任务', auth: true, parent: 'employment', page: EmploymentTask }),
  main({ name: 'specialBatch', path: '/special/batch/:id/:name', title: '发放管理', auth: true, parent: 'employment', page: SpecialBatch }),
  main({ name: 'employmentRunRecord', path: '/employment/runRecord/:id/:reward_id/:status', title: '操作日志', auth: true, parent: 'employment', page: EmploymentRunRecord }),
  main({ name: 'employmentPayList', path: '/employment/pay-list/:id/:reward_id/:status', title: '费用记录', auth: true, parent: 'employment', page: EmploymentPayList }),
  blank({ name: 'specialReceipt', path: '/special/receipt/:id/:row', title: '电子回单', neverLogin: false, auth: true, page: SpecialReceipt }),

  // tax service: every name contains "Taxes" (tax flag); all of them work on company data (auth)
  main({ name: 'payTaxesAuth', path: '/payTaxes/auth', title: '开通完税服务', auth: true, parent: 'payTaxesList', page: TaxAuth }),
  main({ name: 'payTaxesList', path: '/payTaxes/list', title: '完税服务', auth: true, search: true, page: TaxList }),
  main({ name: 'payTaxesAdd', path: '/payTaxes/add', title: '申请完税证明', auth: true, parent: 'payTaxesList', page: TaxAdd }),
  main({ name: 'payTaxesCheck', path: '/payTaxes/check/:id', title: '核对信息', auth: true, parent: 'payTaxesList', page: TaxCheck }),
  main({ name: 'payTaxesOrder', path: '/payTaxes/order/:id', title: '企业支付', auth: true, parent: 'payTaxesList', page: TaxOrder }),
  main({ name: 'payTaxesDetail', path: '/payTaxes/detail/:id/:number', title: '发票详情', auth: true, parent: 'payTaxesList', page: TaxDetail }),
  main({ name: 'payTaxesBulkImport', path: '/payTaxes/bulkImport', title: '批量申请', auth: true, parent: 'payTaxesList', page: TaxBulk }),

  main({ name: 'auth', path: '/auth', title: '企业认证', page: CompanyAuth }),
  main({ name: 'inReview', path: '/inReview', title: '审核进度', page: InReview }),
  main({ name: 'create', path: '/create', title: '创建企业', page: Create }),
  main({ name: 'account', path: '/account', title: '企业信息', auth: true, page: Account }),
  main({ name: 'strategic', path: '/strategic', title: '战略合作伙伴', auth: true, page: Strategic }),
  main({ name: 'accountInfo', path: '/account-info', title: '个人信息', page: AccountInfo }),
  main({ name: 'notFound', path: '/404', title: '页面不存在', neverLogin: true, page: NotFound }),
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
