/** The public check of a signed file (/m/verify, issue 29 item 2): its SHA-256 computed here, matched by the server. */
export { VerifyPage } from './components/VerifyPage';
