import { useEffect, useState } from 'react';
import { requireMember } from '../../../shared/dialogs/store';

/** Members only (SPEC §6): the prompt once on arrival; null until decided. The tax flag is the route guard's (and the server's). */
export function useTaxAccess(): boolean | null {
  const [allowed, setAllowed] = useState<boolean | null>(null);
  useEffect(() => setAllowed(requireMember()), []);
  return allowed;
}
