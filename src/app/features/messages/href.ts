import type { MessageRef } from '../../../contract/messages';

/** The console path of the record a message opens (route names of src/app/routes.ts). */
export function hrefOf(ref: MessageRef): string {
  const name = encodeURIComponent(ref.name || '-');
  switch (ref.route) {
    case 'dimission':
      return '/dimission?tab=requests';
    case 'employmentTask':
      return `/employment/task/${ref.id}/${name}`;
    case 'specialBatch':
      return `/special/batch/${ref.id}/${name}`;
    case 'employment':
      return '/employment';
    case 'positionCollection':
      return `/position/collection/${ref.id}/${name}`;
    case 'positionInvite':
      return `/position/invite/${ref.id}/${name}`;
    default:
      return '/messages';
  }
}
