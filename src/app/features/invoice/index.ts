export { InvoiceEditor, type InvoiceEditorProps } from './components/InvoiceEditor';
