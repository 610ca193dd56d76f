import { call } from '../../shared/lib/http';

export const getApplication = () => call('companyApplication');

/** The licence image as a data URL (plain upload; the upload engine replaces this later). */
export const uploadLicense = (image: string) => call('licenseUpload', { body: { image } }, { dedupeMs: 0, timeoutMs: 120_000 });

export const applyCompany = (body: Record<string, string>) => call('companyApply', { body }, { loading: true });

export const licenseImage = (id: number) => call('licenseImage', { params: { id } }, { hideMessage: true });
