import { type PasskeyConfirmRequest, ROUTES } from '@bridge-talk/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';
import { createPasskey } from '../../../shared/security/passkey-prompts.js';
import { useAfterSecondFactorChange } from './second-factors.js';

/**
 * Adds a passkey named `name`: the server's options, the browser's prompt (a PasskeyPromptError when
 * it is closed or fails), then the server's check of its answer.
 */
async function addPasskey(name: string) {
  const { challengeId, options } = await callApi(ROUTES.secondFactors.passkeyStart);
  const response: PasskeyConfirmRequest['response'] = await createPasskey(options);
  return callApi(ROUTES.secondFactors.passkeyConfirm, { body: { challengeId, name, response } });
}

export function useAddPasskey() {
  const afterChange = useAfterSecondFactorChange();
  return useMutation({ mutationFn: addPasskey, onSuccess: afterChange });
}
