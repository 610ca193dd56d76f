// the worker's pages share the public phone pages' card look
export { usePhoneStyles } from '../../../shared/ui/phone';
