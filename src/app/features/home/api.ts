import { call } from '../../shared/lib/http';

export const loadSummary = () => call('homeSummary');
export const loadAnnouncements = () => call('announcements');
export const loadPartners = () => call('partners');
