// 'Signed agreement': the signed copy (a PDF or a picture) attached to the version shown, to download;
// on the current version, a file to attach or to replace it with. The type and size are checked here
// before anything is sent, and again on the server from the file's bytes.
import {
  AGREEMENT_DOCUMENT_MAX_BYTES,
  AGREEMENT_DOCUMENT_TYPES,
  AGREEMENT_MSG,
  type AgreementDocument,
  formatByteSize,
  formatDate,
  MSG,
} from '@bridge-talk/contract';
import { Alert, Button, FileButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { refusalMessage } from '../../../shared/api/refusal-message.js';
import { saveFile } from '../../../shared/api/save-file.js';
import { notify } from '../../../shared/ui/notify.js';
import { useAttachAgreementDocument } from '../api/agreements.js';
import { downloadAgreementDocument } from '../api/download-agreement-document.js';

const T = AGREEMENT_MSG;

/** Why a chosen file cannot be the signed agreement, or null when it may be sent. */
function refusalOf(file: File): string | null {
  if (!(AGREEMENT_DOCUMENT_TYPES as readonly string[]).includes(file.type)) return T.documentTypeNotAllowed;
  if (file.size > AGREEMENT_DOCUMENT_MAX_BYTES) return T.documentTooLarge;
  return null;
}

export function AgreementDocumentSection({
  groupId,
  document,
  version,
  isCurrent,
}: {
  groupId: string;
  document: AgreementDocument | null;
  /** The version shown. */
  version: number;
  /** Only the current version takes a file. */
  isCurrent: boolean;
}) {
  const attach = useAttachAgreementDocument(groupId);
  const [downloading, setDownloading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // Emptied after each choice, so that the same file chosen again (once put right) is taken again.
  const resetInput = useRef<() => void>(null);

  async function download(file: AgreementDocument) {
    setProblem(null);
    setDownloading(true);
    try {
      saveFile(await downloadAgreementDocument(groupId, isCurrent ? undefined : version), file.fileName);
    } catch (failure) {
      setProblem(refusalMessage(failure, MSG.common.somethingWrong));
    } finally {
      setDownloading(false);
    }
  }

  function choose(file: File | null) {
    resetInput.current?.();
    if (!file) return;
    const refusal = refusalOf(file);
    setProblem(refusal);
    if (refusal) return;
    attach.mutate(file, {
      onSuccess: () => notify.success(T.documentAttached),
      onError: (failure) => setProblem(refusalMessage(failure, MSG.common.somethingWrong)),
    });
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="agreement-document-heading">
      <Title order={2} size="h4" id="agreement-document-heading" mb="xs">
        {T.documentTitle}
      </Title>
      <Stack gap="sm">
        {document ? (
          <Group justify="space-between" align="flex-start" wrap="wrap">
            <Stack gap={2} miw={0} style={{ flex: 1 }}>
              <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                {document.fileName}
              </Text>
              <Text size="sm" c="dimmed">
                {formatByteSize(document.size)} ·{' '}
                {T.documentUploaded(document.uploadedBy, formatDate(document.uploadedAt))}
              </Text>
            </Stack>
            {/* Disabled while the file comes: a double click saves one file. */}
            <Button
              variant="light"
              leftSection={<IconDownload size={16} />}
              loading={downloading}
              onClick={() => void download(document)}
            >
              {T.documentDownload}
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {T.documentNone}
          </Text>
        )}
        {isCurrent && (
          <Stack gap={4} align="flex-start">
            <FileButton
              onChange={choose}
              accept={AGREEMENT_DOCUMENT_TYPES.join(',')}
              resetRef={resetInput}
              disabled={attach.isPending}
            >
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  leftSection={<IconUpload size={16} />}
                  loading={attach.isPending}
                  aria-describedby="agreement-document-hint"
                >
                  {document ? T.documentReplace : T.documentAttach}
                </Button>
              )}
            </FileButton>
            <Text size="xs" c="dimmed" id="agreement-document-hint">
              {T.documentHint}
            </Text>
          </Stack>
        )}
        {problem && (
          <Alert color="red" variant="light">
            {problem}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
