import { Button } from '@chakra-ui/react';
import { LuLogOut } from 'react-icons/lu';
import { logout } from './logout';

/** Spec §2: Logout revokes the session (best effort), removes the stored token and session, and reloads the page. */
export function LogoutButton() {
  return (
    <Button variant="ghost" size="sm" color="fg.muted" onClick={() => void logout()}>
      <LuLogOut />
      Logout
    </Button>
  );
}
