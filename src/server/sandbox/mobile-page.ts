/** A small self-contained page for a phone (inline CSS, no external assets): the sandbox's WeChat screens, and e签宝's. */
export const esc = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function mobilePage(title: string, body: string, foot = '沙箱环境 · 代替微信，仅用于开发与测试'): string {
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,">
<title>${esc(title)}</title>
<style>
body{font-family:system-ui,"PingFang SC","Microsoft YaHei",sans-serif;margin:0;background:#ededed;color:#111;min-height:100vh;display:flex;flex-direction:column}
.bar{background:#ededed;text-align:center;padding:14px;font-size:17px;font-weight:600;border-bottom:1px solid #ddd}
.card{background:#fff;margin:16px;border-radius:10px;padding:24px 20px;text-align:center}
.logo{width:64px;height:64px;border-radius:14px;background:#1660d8;color:#fff;font-size:28px;line-height:64px;margin:8px auto 12px;font-weight:700}
.amount{font-size:40px;font-weight:700;margin:8px 0}.muted{color:#888;font-size:14px;line-height:1.6}
.row{display:flex;justify-content:space-between;padding:10px 0;border-top:1px solid #f0f0f0;font-size:15px;text-align:left}
.row span:first-child{color:#888}
button{display:block;width:100%;border:0;border-radius:8px;padding:13px;font-size:17px;margin-top:14px;cursor:pointer}
.primary{background:#07c160;color:#fff}.plain{background:#f2f2f2;color:#07c160}
input{width:100%;box-sizing:border-box;border:1px solid #ddd;border-radius:6px;padding:10px;font-size:15px;margin-top:6px}
label{display:block;text-align:left;font-size:14px;color:#666;margin-top:12px}
.ok{color:#07c160;font-size:56px;line-height:1}.err{color:#e64340;font-size:56px;line-height:1}
.foot{margin-top:auto;text-align:center;color:#aaa;font-size:12px;padding:16px}
</style></head><body>
<div class="bar">${esc(title)}</div>
${body}
<div class="foot">${esc(foot)}</div>
</body></html>`;
}
