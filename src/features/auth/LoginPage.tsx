import { Box, Button, Card, Center, Field, Heading, Image, Input, Link, Stack, Tabs, Text } from '@chakra-ui/react';
import type { FormEvent } from 'react';
import { LuArrowLeft, LuMail, LuPhone, LuShieldCheck } from 'react-icons/lu';
import { isCompleteCode } from '../../domain/auth/codeInput';
import { loginSubtitle, type LoginChannel } from '../../domain/auth/loginFlow';
import { OTP_CODE_LENGTH } from '../../domain/constants';
import { useLoginFlow } from './useLoginFlow';

/** Spec §2 Login screen: Phone/Email tabs, step 1 sends a code, step 2 verifies it. */
export function LoginPage() {
  const { state, dispatch, pending, sendCode, verify } = useLoginFlow();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void (state.step === 'input' ? sendCode() : verify());
  };

  return (
    <Center minH="100dvh" px="4" py="10" bg="bg.subtle">
      <Stack gap="6" w="full" maxW="md" align="stretch">
        <Stack align="center" gap="3" textAlign="center">
          <Image src="/icons/icon.svg" alt="" boxSize="12" borderRadius="lg" />
          <Heading as="h1" size="xl" letterSpacing="tight">
            AI-Powered Trading Platform
          </Heading>
          <Text color="fg.muted" textStyle="sm" data-testid="login-subtitle">
            {loginSubtitle(state)}
          </Text>
        </Stack>

        <Card.Root variant="elevated">
          <Card.Body>
            <Tabs.Root
              value={state.channel}
              onValueChange={(details) => dispatch({ type: 'switchChannel', channel: details.value as LoginChannel })}
              variant="enclosed"
              fitted
            >
              <Tabs.List mb="5">
                <Tabs.Trigger value="phone">
                  <LuPhone />
                  Phone
                </Tabs.Trigger>
                <Tabs.Trigger value="email">
                  <LuMail />
                  Email
                </Tabs.Trigger>
              </Tabs.List>
            </Tabs.Root>

            <form onSubmit={onSubmit} noValidate={false}>
              <Stack gap="4">
                {state.step === 'input' ? (
                  state.channel === 'phone' ? (
                    <Field.Root required invalid={state.error !== null}>
                      <Field.Label>Phone number</Field.Label>
                      <Input
                        type="tel"
                        name="phone"
                        autoComplete="tel-national"
                        inputMode="tel"
                        placeholder="(555) 123-4567"
                        // No maxLength: the value is re-formatted on every change to at most 14 characters
                        // (spec §5), and a pasted "+1 (555) 123-4567" or an eleventh digit after a leading 1
                        // must reach the formatter whole.
                        value={state.phone}
                        onChange={(event) => dispatch({ type: 'phoneTyped', value: event.target.value })}
                        required
                        autoFocus
                      />
                      <Field.HelperText>US numbers only. We will text you a 6-digit code.</Field.HelperText>
                      {state.error && <Field.ErrorText>{state.error}</Field.ErrorText>}
                    </Field.Root>
                  ) : (
                    <Field.Root required invalid={state.error !== null}>
                      <Field.Label>Email address</Field.Label>
                      <Input
                        type="email"
                        name="email"
                        autoComplete="email"
                        placeholder="you@example.com"
                        value={state.email}
                        onChange={(event) => dispatch({ type: 'emailTyped', value: event.target.value })}
                        required
                        autoFocus
                      />
                      <Field.HelperText>We will e-mail you a 6-digit code.</Field.HelperText>
                      {state.error && <Field.ErrorText>{state.error}</Field.ErrorText>}
                    </Field.Root>
                  )
                ) : (
                  <Field.Root required invalid={state.error !== null}>
                    <Field.Label>Verification code</Field.Label>
                    <Input
                      name="code"
                      inputMode="numeric"
                      autoComplete="one-time-code"
                      pattern="[0-9]*"
                      placeholder="000000"
                      maxLength={OTP_CODE_LENGTH}
                      value={state.code}
                      onChange={(event) => dispatch({ type: 'codeTyped', value: event.target.value })}
                      textAlign="center"
                      fontFamily="mono"
                      textStyle="xl"
                      letterSpacing="0.5em"
                      required
                      autoFocus
                    />
                    {state.error && <Field.ErrorText>{state.error}</Field.ErrorText>}
                  </Field.Root>
                )}

                <Button
                  type="submit"
                  colorPalette="blue"
                  size="lg"
                  loading={pending}
                  disabled={state.step === 'verify' && !isCompleteCode(state.code)}
                >
                  {state.step === 'input' ? 'Send Code' : 'Verify Code'}
                </Button>

                {state.step === 'verify' && (
                  <Button variant="ghost" size="sm" onClick={() => dispatch({ type: 'useDifferent' })}>
                    <LuArrowLeft />
                    Use a different phone/email
                  </Button>
                )}
              </Stack>
            </form>
          </Card.Body>
        </Card.Root>

        <Stack gap="2" align="center" textAlign="center">
          <Text textStyle="xs" color="fg.subtle" display="flex" alignItems="center" gap="1.5">
            <LuShieldCheck />
            Secured with one-time verification codes
          </Text>
          <Box textStyle="xs" color="fg.muted">
            By signing in, you agree to our{' '}
            <Link href="#" colorPalette="blue" onClick={(event) => event.preventDefault()}>
              Terms of Service
            </Link>{' '}
            and{' '}
            <Link href="#" colorPalette="blue" onClick={(event) => event.preventDefault()}>
              Privacy Policy
            </Link>
            .
          </Box>
        </Stack>
      </Stack>
    </Center>
  );
}
