import type { FastifyInstance } from 'fastify';
import { employmentSandbox } from './employment';
import { operatorPage } from './operator-page';
import { ossSandbox } from './oss';
import { paySandbox } from './pay';
import { wechatSandbox } from './wechat';
import { reviewSandbox } from './review';
import { smsSandbox } from './sms';
import { vodSandbox } from './vod';
import { noticesSandbox } from './notices';
import { payoutsSandbox } from './payouts';
import { payoutChannelSandbox } from './payout-channel';
import { taxSandbox } from './tax';
import { announcementsSandbox } from './announcements';
import { dysmsSandbox } from './dysms';
import { wechatPayNativeSandbox } from './wechatpay-native';
import { stsSandbox } from './sts';
import { esignSandbox } from './esign';
import { esignAutoSealSandbox } from './esign-autoseal';
import { esignControlsSandbox } from './esign-controls';
import { esignFlowsSandbox } from './esign-flows';
import { esignH5Sandbox } from './esign-h5';
import { tsaSandbox } from './tsa';

/** The stand-ins for outside services (ARCHITECTURE §2). No auth: never on in production. */
export function registerSandboxes(app: FastifyInstance, opts: { ossDir?: string }) {
  smsSandbox(app);
  reviewSandbox(app);
  ossSandbox(app, { dir: opts.ossDir });
  vodSandbox(app);
  paySandbox(app);
  wechatSandbox(app);
  noticesSandbox(app);
  employmentSandbox(app);
  payoutsSandbox(app);
  payoutChannelSandbox(app);
  taxSandbox(app);
  announcementsSandbox(app);
  dysmsSandbox(app);
  wechatPayNativeSandbox(app);
  stsSandbox(app);
  esignSandbox(app);
  esignFlowsSandbox(app);
  esignControlsSandbox(app);
  esignAutoSealSandbox(app);
  esignH5Sandbox(app);
  tsaSandbox(app);
  operatorPage(app);
}
