import { Button } from '@chakra-ui/react';
import { LuLogOut } from 'react-icons/lu';
import { clearAuthToken } from '../../auth/token';

/** Spec §2: Logout removes the stored auth token and reloads the page. */
export function LogoutButton() {
  return (
    <Button
      variant="ghost"
      size="sm"
      color="fg.muted"
      onClick={() => {
        clearAuthToken();
        window.location.reload();
      }}
    >
      <LuLogOut />
      Logout
    </Button>
  );
}
