// Generates the footer's two static QR codes (SPEC §1) into public/qr/ once; the SVGs are committed,
// so the qrcode library never ships in the console's bundle.  Run: node scripts/gen-qr.mjs
import { mkdir, writeFile } from 'node:fs/promises';
import QRCode from 'qrcode';

const codes = [
  // customer service: opens the service page (WeChat customer-service link in production)
  { file: 'service.svg', text: 'https://hrconsole.cn/kefu' },
  // the mini-program's landing link
  { file: 'miniprogram.svg', text: 'https://hrconsole.cn/mp' },
];

await mkdir(new URL('../public/qr/', import.meta.url), { recursive: true });
for (const { file, text } of codes) {
  const svg = await QRCode.toString(text, {
    type: 'svg',
    errorCorrectionLevel: 'H',
    margin: 2,
    color: { dark: '#1F2329', light: '#FFFFFF' },
  });
  await writeFile(new URL(`../public/qr/${file}`, import.meta.url), svg);
  console.log(`public/qr/${file}  ${text}`);
}
