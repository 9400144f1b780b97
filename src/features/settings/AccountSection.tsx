import { Button, Input, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { LuDownload, LuLogOut, LuTrash2, LuUserCog } from 'react-icons/lu';
import { ActionDialog } from '../../components/dialog/ActionDialog';
import { SectionCard } from '../../components/page/SectionCard';
import { toast } from '../../components/toast/toaster';
import { gqlRequest } from '../../graphql/client';
import { DeleteAccountDocument, SignOutEverywhereDocument } from '../../graphql/generated/graphql';
import { signOutHere } from '../auth/logout';
import { accountActionError, DELETE_CONFIRMATION, downloadMyData } from './accountData';
import { appConfigQuery } from './queries';

/**
 * The account as a whole (issue 14 point 8): export my data (JSON), sign out everywhere and delete my account, the
 * last two only with sign-in (AUTH_MODE=otp: the single-user token has no sessions and its user is the app's own).
 */
export function AccountSection() {
  const config = useQuery(appConfigQuery());
  const withSignIn = config.data?.authMode === 'otp';
  const exporting = useMutation({ mutationFn: downloadMyData, networkMode: 'always' });
  return (
    <SectionCard title="Your account" icon={LuUserCog}>
      <Stack gap="4">
        <Row
          text="Download every record the app keeps about you (orders, trades, strategies, settings…) as a JSON file. Broker keys and tokens are never included."
          action={
            <Button
              size="sm"
              variant="outline"
              loading={exporting.isPending}
              onClick={() =>
                exporting.mutate(undefined, {
                  onError: (error) =>
                    toast({ title: 'Export failed', description: accountActionError(error), variant: 'destructive' }),
                })
              }
            >
              <LuDownload />
              Export my data
            </Button>
          }
        />
        {withSignIn ? (
          <>
            <SignOutEverywhere />
            <DeleteAccount />
          </>
        ) : (
          <Text color="fg.muted" fontSize="sm">
            Signing out everywhere and deleting the account need sign-in with a code; this app runs in single-user mode.
          </Text>
        )}
      </Stack>
    </SectionCard>
  );
}

function Row({ text, action }: { text: string; action: ReactNode }) {
  return (
    <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ sm: 'center' }} gap="3">
      <Text color="fg.muted" fontSize="sm" maxW="prose">
        {text}
      </Text>
      {action}
    </Stack>
  );
}

function SignOutEverywhere() {
  const [open, setOpen] = useState(false);
  const mutation = useMutation({ mutationFn: () => gqlRequest(SignOutEverywhereDocument) });
  return (
    <Row
      text="Sign out on every phone and computer where you are signed in, this one included."
      action={
        <ActionDialog
          open={open}
          onOpenChange={setOpen}
          alert
          trigger={
            <Button size="sm" variant="outline">
              <LuLogOut />
              Sign out everywhere
            </Button>
          }
          title="Sign out everywhere?"
          action={
            <Button
              colorPalette="red"
              loading={mutation.isPending}
              onClick={() =>
                mutation.mutate(undefined, {
                  onSuccess: signOutHere,
                  onError: (error) =>
                    toast({ title: 'Sign-out failed', description: accountActionError(error), variant: 'destructive' }),
                })
              }
            >
              Sign out everywhere
            </Button>
          }
        >
          <Text>Every device signed in to your account, this one included, will have to sign in again.</Text>
        </ActionDialog>
      }
    />
  );
}

function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const mutation = useMutation({
    mutationFn: () => gqlRequest(DeleteAccountDocument, { confirm: typed }),
  });
  return (
    <Row
      text="Delete your account and everything in it: working orders are cancelled first. This cannot be undone."
      action={
        <ActionDialog
          open={open}
          onOpenChange={(next) => {
            setOpen(next);
            if (!next) setTyped('');
          }}
          alert
          trigger={
            <Button size="sm" variant="outline" colorPalette="red">
              <LuTrash2 />
              Delete my account
            </Button>
          }
          title="Delete your account?"
          cancelLabel="Keep my account"
          action={
            <Button
              colorPalette="red"
              disabled={typed !== DELETE_CONFIRMATION}
              loading={mutation.isPending}
              onClick={() =>
                mutation.mutate(undefined, {
                  onSuccess: signOutHere,
                  onError: (error) =>
                    toast({ title: 'Delete failed', description: accountActionError(error), variant: 'destructive' }),
                })
              }
            >
              Delete my account
            </Button>
          }
        >
          <Stack gap="3">
            <Text>
              Your orders, trades, strategies, watchlists, alerts, conversations, broker connections and settings will
              be deleted for good. Export your data first if you want to keep it.
            </Text>
            <Text fontWeight="medium">Type {DELETE_CONFIRMATION} to confirm.</Text>
            <Input
              aria-label={`Type ${DELETE_CONFIRMATION} to confirm`}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              autoComplete="off"
            />
          </Stack>
        </ActionDialog>
      }
    />
  );
}
