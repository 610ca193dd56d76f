/**
 * 销售方 of the tax service's invoices: the platform itself, from its configuration (config.ts
 * TAX_SELLER_*; production requires them). The demo's seller is plainly the demo's: a name that
 * says 演示, a well-formed 统一社会信用代码 (real check digits, no registered company behind it),
 * an address and an account marked as the demo's.
 */
export interface TaxSeller {
  name: string;
  /** 纳税人识别号 (统一社会信用代码) */
  taxNo: string;
  /** 地址、电话 as printed on the invoice */
  address: string;
  /** 开户行及账号 */
  bank: string;
  /** VAT on 人力资源服务 (现代服务), basis points: 600 = 6% */
  rateBp: number;
}

export const DEMO_TAX_SELLER: TaxSeller = {
  name: '杭州灵活用工服务有限公司（演示销售方）',
  taxNo: '91330106MA2H8D7K3U',
  address: '浙江省杭州市西湖区文三路478号（演示地址） 0571-88886666',
  bank: '招商银行杭州分行营业部（演示账户） 571900000000000000',
  rateBp: 600,
};

/** 金额 and 税额 of a 价税合计 at `rateBp` (fen): the net rounded, the tax the rest, so they add up. */
export function splitTax(total: number, rateBp: number): { net: number; tax: number } {
  const net = Math.round((total * 10000) / (10000 + rateBp));
  return { net, tax: total - net };
}
