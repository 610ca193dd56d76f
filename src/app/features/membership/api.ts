import { call } from '../../shared/lib/http';

/** order/create (SPEC §7): the order number and the WeChat Pay code_url. */
export const createOrder = (pack: string) => call('orderCreate', { body: { pack } }, { loading: true });

/** order/{id}: has the payment arrived? */
export const checkOrder = (id: string) => call('order', { params: { id } });

export const listOrders = () => call('orders');

export const crcLedger = (page: number, pageSize = 10) => call('crcLedger', { query: { page, page_size: pageSize } });
