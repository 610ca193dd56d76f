export { InterviewTable } from './components/InterviewTable';
export { InterviewLinkPage } from './components/InterviewLinkPage';
