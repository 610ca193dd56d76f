import { useEffect, useState } from 'react';
import { requireMember } from '../../../shared/dialogs/store';

/** Members only: shows the prompt of SPEC §6 once on arrival; null until decided. */
export function useMember(): boolean | null {
  const [allowed, setAllowed] = useState<boolean | null>(null);
  useEffect(() => setAllowed(requireMember()), []);
  return allowed;
}
