/** The 灵活用工 feature's door (issue 12): tasks, the form, agreements, settings, preview, the people of a task. */
export { TaskList } from './components/TaskList';
export { TaskForm, type AttachmentSlot } from './components/TaskForm';
export { ProtocolPage, type PdfSlot } from './components/ProtocolPage';
export { SettingForm } from './components/SettingForm';
export { TaskPreview } from './components/TaskPreview';
export { TaskManage } from './components/TaskManage';
export { EvidencePage } from './components/EvidencePage';
