import { Field, Input, Stack, Text } from '@chakra-ui/react';
import { useId, useState, type ReactNode } from 'react';
import { SegmentedChoice } from '../../../components/form/SegmentedChoice';
import { TextField } from '../../../components/form/TextField';
import { FormDialog } from '../../../components/dialog/FormDialog';
import { toast } from '../../../components/toast/toaster';
import { graphQLErrorMessages } from '../../../graphql/errors';
import type { AvailableBroker } from '../brokersRest';
import {
  EMPTY_CREDENTIALS,
  MISSING_CREDENTIALS_TEXT,
  canSubmitCredentials,
  credentialsError,
  credentialsInput,
  type CredentialsDraft,
  type CredentialsError,
} from '../credentialsForm';
import { maskAccountNumber } from '../maskAccount';
import { useConnectBroker } from '../mutations';

const ENVIRONMENTS = [
  { value: 'PAPER', label: 'Paper' },
  { value: 'LIVE', label: 'Live' },
] as const;

interface CredentialsDialogProps {
  broker: AvailableBroker;
  /** The button that opens the dialog. */
  trigger: ReactNode;
}

/** The API-credentials dialog (spec §5 "API credentials"; rules in ../credentialsForm.ts): connectBroker. */
export function CredentialsDialog({ broker, trigger }: CredentialsDialogProps) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<CredentialsDraft>(EMPTY_CREDENTIALS);
  const [error, setError] = useState<CredentialsError | null>(null);
  const connect = useConnectBroker();
  const environmentLabel = useId();
  const fieldError = (field: 'apiKey' | 'apiSecret' | 'accountId') => (error?.field === field ? error.message : null);
  const update = <K extends keyof CredentialsDraft>(key: K, value: CredentialsDraft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setError(null);
  };
  const kind = broker.apiCredentials ?? 'key-and-secret';
  const token = kind === 'access-token';
  const submit = () => {
    const credentials = credentialsInput(draft, broker.requiresAccountId, kind);
    if (!credentials) return setError({ field: null, message: MISSING_CREDENTIALS_TEXT });
    connect.mutate(
      { provider: broker.id, credentials },
      {
        onSuccess: ({ connectBroker }) => {
          setOpen(false);
          setDraft(EMPTY_CREDENTIALS);
          toast({
            title: `${broker.name} connected`,
            description: `${connectBroker.paperTrading ? 'Paper' : 'Live'} account ${maskAccountNumber(connectBroker.accountNumber)}`,
          });
        },
        onError: (failure) => setError(credentialsError(graphQLErrorMessages(failure)[0])),
      },
    );
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setError(null);
      }}
      trigger={trigger}
      title={`Connect ${broker.name}`}
      submitLabel="Connect"
      submitting={connect.isPending}
      submitDisabled={!canSubmitCredentials(draft, kind)}
      onSubmit={submit}
    >
      <Stack gap="4">
        <Text textStyle="sm" color="fg.muted">
          {token
            ? `Enter the access token from your ${broker.name} account's API settings. It is checked with ${broker.name}, stored encrypted and never shown again.`
            : `Enter the API key and secret from your ${broker.name} account. They are checked with ${broker.name}, stored encrypted and never shown again.`}
        </Text>
        <TextField
          label={token ? 'Access token' : 'API key'}
          value={draft.apiKey}
          onChange={(value) => update('apiKey', value)}
          error={fieldError('apiKey')}
        />
        {token ? null : (
          <Field.Root invalid={Boolean(fieldError('apiSecret'))}>
            <Field.Label>API secret</Field.Label>
            <Input
              type="password"
              value={draft.apiSecret}
              onChange={(event) => update('apiSecret', event.target.value)}
              autoComplete="off"
            />
            {fieldError('apiSecret') ? <Field.ErrorText>{fieldError('apiSecret')}</Field.ErrorText> : null}
          </Field.Root>
        )}
        {broker.requiresAccountId ? (
          <TextField
            label="Account ID (optional)"
            value={draft.accountId}
            onChange={(value) => update('accountId', value)}
            error={fieldError('accountId')}
          />
        ) : null}
        <Stack gap="1.5">
          <Text id={environmentLabel} textStyle="sm" fontWeight="medium">
            Account type
          </Text>
          <SegmentedChoice
            items={ENVIRONMENTS}
            value={draft.environment}
            onChange={(value) => update('environment', value)}
            labelledBy={environmentLabel}
            fullWidth
          />
        </Stack>
        {error?.field === null ? (
          <Text role="alert" color="fg.error" textStyle="sm">
            {error.message}
          </Text>
        ) : null}
      </Stack>
    </FormDialog>
  );
}
