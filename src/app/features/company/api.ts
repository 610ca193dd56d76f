import { call, type BodyInput } from '../../shared/lib/http';

export const getApplication = () => call('companyApplication');

/** The licence as an image the upload engine stored: the server keeps a copy as a licence file. */
export const licenseFromMedia = (media_id: string) => call('licenseFromMedia', { body: { media_id } }, { dedupeMs: 0 });

export const applyCompany = (body: BodyInput<'companyApply'>) => call('companyApply', { body }, { loading: true });

export const licenseImage = (id: number) => call('licenseImage', { params: { id } }, { hideMessage: true });
