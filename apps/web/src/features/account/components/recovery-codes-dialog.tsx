// Recovery codes, shown once when they are made: to copy, to download as a text file, and a closing
// button that says they were saved. Closing by Escape or the cross is not offered: the codes are
// never shown again.
import { MSG } from '@bridge-talk/contract';
import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { saveFile } from '../../../shared/api/save-file.js';
import { Dialog } from '../../../shared/ui/dialog.js';
import { notify } from '../../../shared/ui/notify.js';

export function RecoveryCodesDialog({
  codes,
  email,
  onClose,
}: {
  codes: string[] | null;
  email: string;
  onClose: () => void;
}) {
  const text = codes ? `${MSG.secondFactor.recoveryCodesTitle} (${email})\n\n${codes.join('\n')}\n` : '';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notify.success(MSG.secondFactor.codesCopied);
    } catch {
      notify.error(MSG.common.somethingWrong);
    }
  };
  const download = () => saveFile(new Blob([text], { type: 'text/plain' }), 'bridge-talk-recovery-codes.txt');
  return (
    <Dialog
      opened={codes !== null}
      onClose={() => {}}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      title={MSG.secondFactor.recoveryCodesTitle}
      centered
    >
      <Stack>
        <Text>{MSG.secondFactor.recoveryCodesText}</Text>
        <SimpleGrid
          component="ol"
          cols={2}
          spacing="xs"
          p={0}
          m={0}
          aria-label={MSG.secondFactor.recoveryCodesTitle}
          style={{ listStyle: 'none', fontFamily: 'var(--mantine-font-family-monospace)' }}
        >
          {codes?.map((code) => (
            <Text component="li" key={code} ff="monospace">
              {code}
            </Text>
          ))}
        </SimpleGrid>
        <Group>
          <Button variant="default" onClick={() => void copy()}>
            {MSG.secondFactor.copyCodes}
          </Button>
          <Button variant="default" onClick={download}>
            {MSG.secondFactor.downloadCodes}
          </Button>
        </Group>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            {MSG.secondFactor.codesSaved}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
