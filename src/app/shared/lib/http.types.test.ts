// @vitest-environment node
/**
 * Typed requests: a call takes its endpoint's input as the contract's schemas define it
 * (src/contract/endpoints.ts BodyOf / QueryOf / ParamsOf). These are compile-time checks — `tsc -b`
 * type-checks src/app's tests (tsconfig.app.json) and fails on an unused `@ts-expect-error` — so
 * the calls below are never made; the one test only keeps Vitest content with the file.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { DataOf } from '../../../contract/endpoints';
import { call, callWithMsg, type BodyInput, type CallArgs, type QueryInput } from './http';

function typedCalls() {
  // --- what compiles ---------------------------------------------------------------------------
  expectTypeOf(call('invite', { params: { id: 1 }, body: { type: 'user', job_id: 3, remark: '面试' } })).resolves.toEqualTypeOf<DataOf<'invite'>>();
  expectTypeOf(callWithMsg('colleagueCheck', { params: { id: 2 }, body: { result: 'pass' } })).resolves.toEqualTypeOf<{
    data: DataOf<'colleagueCheck'>;
    msg: string;
  }>();
  // nothing required: the arguments may be left out
  void call('userInfo');
  void call('hall');
  void call('hall', { query: { keywords: '会计', page: 2 } }, { hideMessage: true });
  // a coerced field (a number on the server) may be given as a number or as its text
  void call('viewUser', { params: { id: '12' } });
  void call('hall', { query: { page: '2', page_size: 20 } });
  // a '0' | '1' flag may be given as a boolean (sent as 1 / 0)
  void call('empTaskSetting', {
    params: { id: 1 },
    body: { signup_mode: 'public', signup_review: true, need_realname: '0', settle_cycle: 'weekly', auto_accept_days: 7, notify_sms: false, notify_site: true },
  });
  // a path parameter that is text
  void call('order', { params: { id: 'ABC123' } });

  // --- what does not ---------------------------------------------------------------------------
  // @ts-expect-error a misspelled body field
  void call('invite', { params: { id: 1 }, body: { type: 'user', jobid: 3 } });
  // @ts-expect-error a missing required body field (code)
  void call('login', { body: { mobile: '13800000000' } });
  // @ts-expect-error a missing body where one is required
  void call('login', {});
  // @ts-expect-error no arguments where the endpoint needs some
  void call('login');
  // @ts-expect-error a missing params
  void call('viewUser', {});
  // @ts-expect-error a misspelled path parameter
  void call('viewUser', { params: { uid: 1 } });
  // @ts-expect-error params on an endpoint without path parameters
  void call('hall', { params: { id: 1 } });
  // @ts-expect-error a body on an endpoint that takes none
  void call('logout', { body: { reason: 'x' } });
  // @ts-expect-error a misspelled query field
  void call('hall', { query: { keyword: '会计' } });
  // @ts-expect-error a query on an endpoint that takes a body
  void call('loginCode', { query: { mobile: '13800000000' } });
  // @ts-expect-error a value that is not one of the field's codes
  void call('positionStatus', { params: { id: 1 }, body: { action: 'open' } });
  // @ts-expect-error a text field takes text (the schema's input is a string)
  void call('loginCode', { body: { mobile: 13800000000 } });
  // @ts-expect-error a flag that only takes '1' is not a boolean
  void call('taxSubmit', { params: { id: 1 }, body: { confirmed: true } });
  // @ts-expect-error callWithMsg is typed the same way
  void callWithMsg('leaveCode', { params: { token: 'abc' }, body: { phone: '13800000000' } });
  // @ts-expect-error an endpoint that does not exist
  void call('viewUsers', { params: { id: 1 } });
}

describe('typed requests', () => {
  it('are checked by the compiler (tsc -b), not at run time', () => {
    expectTypeOf(typedCalls).toBeFunction();
    // the input types the features build bodies with
    expectTypeOf<BodyInput<'login'>>().toEqualTypeOf<{ mobile: string; code: string }>();
    expectTypeOf<QueryInput<'crcLedger'>>().toEqualTypeOf<{ page?: string | number | boolean; page_size?: string | number | boolean }>();
    expectTypeOf<CallArgs<'logout'>>().toEqualTypeOf<{ params?: never } & { query?: never } & { body?: never }>();
  });
});
