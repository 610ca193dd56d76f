export { ResumeDialog } from './components/ResumeDialog';
export { CertificateDialog } from './components/CertificateDialog';
export { CompanyInfoDialog } from './components/CompanyInfoDialog';
export { fitCanvas, CANVAS_MAX_W, CANVAS_MAX_H } from './lib/canvas';
