export { LogoMark } from './LogoMark';
export { LogoLoader, type LogoLoaderProps } from './LogoLoader';
export { EmptyState, type EmptyStateProps } from './EmptyState';
export { OfflineState } from './OfflineState';
export { QrCode, QR_SIZE, type QrCodeProps } from './QrCode';
export { Pager, type PagerProps } from './Pager';
export { TableScroll, type TableScrollProps } from './TableScroll';
export { PagedTable, type PagedTableProps, type PageOf } from './PagedTable';
export { usePrintPageStyles } from './print-page';
