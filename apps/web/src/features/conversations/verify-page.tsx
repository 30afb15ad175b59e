// The page a transcript's e-mail and an agreement report link to (/verify/<fingerprint>): anyone
// holding one — a court clerk, a review board — checks that the portal issued it, and when: for a
// transcript, which channel and how many messages; for an agreement report, which period and how many
// windows; without signing in and without seeing any of its content. A fingerprint (typed, or from the
// link) only says that such a file was issued; the file itself is verified only when it is chosen here
// and its SHA-256, worked out in this browser (the file never leaves the computer), is the issued one.
import {
  AGREEMENT_MSG,
  type ExportVerifyResponse,
  formatByteSize,
  formatDate,
  formatMessageTime,
  MSG,
} from '@bridge-talk/contract';
import {
  Alert,
  Button,
  Center,
  Code,
  FileInput,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconFileSearch, IconFileTypePdf } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../shared/api/api-client.js';
import { fingerprintOf } from '../../shared/security/file-fingerprint.js';
import { BrandPage } from '../../shared/ui/brand-page.js';
import { useDocumentTitle } from '../../shared/ui/document-title.js';
import { LoadError } from '../../shared/ui/load-error.js';
import { MAIN_CONTENT_ID } from '../../shared/ui/skip-link.js';
import { useExportVerification } from './api/verify-export.js';
import './verify.css';

const FINGERPRINT = /^[0-9a-f]{64}$/;

/** A file chosen on this page and the fingerprint this browser worked out for it. */
interface ChosenFile {
  name: string;
  sha256: string;
}

function IssueDetails({ answer }: { answer: Extract<ExportVerifyResponse, { issued: true }> }) {
  const issuedAt = new Date(answer.issuedAt);
  return (
    <Table withRowBorders={false} verticalSpacing={4} horizontalSpacing={0}>
      <Table.Tbody>
        <Table.Tr>
          <Table.Th w={130}>{MSG.conversations.verifyDocument}</Table.Th>
          <Table.Td>
            {answer.document === 'transcript'
              ? MSG.conversations.verifyTranscript
              : MSG.conversations.verifyAgreementReport}
          </Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>{MSG.conversations.verifyIssuedOn}</Table.Th>
          <Table.Td>
            {formatDate(issuedAt, 'UTC')} {formatMessageTime(issuedAt, 'UTC')} (UTC)
          </Table.Td>
        </Table.Tr>
        {answer.document === 'transcript' ? (
          <>
            <Table.Tr>
              <Table.Th>{MSG.conversations.verifyChannel}</Table.Th>
              <Table.Td>{answer.channelLabel ?? MSG.conversations.verifyChannelGone}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{MSG.conversations.verifyMessages}</Table.Th>
              <Table.Td>{answer.messageCount.toLocaleString('en-US')}</Table.Td>
            </Table.Tr>
          </>
        ) : (
          <>
            <Table.Tr>
              <Table.Th>{MSG.conversations.verifyPeriod}</Table.Th>
              <Table.Td>{AGREEMENT_MSG.windowRange(formatDate(answer.from), formatDate(answer.to))}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{MSG.conversations.verifyWindows}</Table.Th>
              <Table.Td>{answer.windowCount.toLocaleString('en-US')}</Table.Td>
            </Table.Tr>
          </>
        )}
        <Table.Tr>
          <Table.Th>{MSG.conversations.verifyFileSize}</Table.Th>
          <Table.Td>{formatByteSize(answer.byteSize)}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>{MSG.conversations.verifyFingerprintLabel}</Table.Th>
          <Table.Td className="fingerprint">{answer.sha256}</Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

/**
 * What the portal says about a fingerprint, and — only when a file was chosen and hashed here —
 * whether that file is the transcript. A fingerprint alone (a link anyone can copy beside a forged
 * PDF) never shows as verified.
 */
function Result({ sha256, chosen }: { sha256: string; chosen: ChosenFile | null }) {
  const check = useExportVerification(sha256);
  if (check.isPending)
    return (
      <Center py="md">
        <Loader size="sm" aria-label="Checking" />
      </Center>
    );
  if (check.isError) {
    const message = check.error instanceof ApiError ? check.error.message : MSG.common.somethingWrong;
    return <LoadError message={message} onRetry={() => check.refetch()} />;
  }
  const answer = check.data;
  const differs = chosen !== null && chosen.sha256 !== sha256;
  const mismatch = differs && (
    <Alert
      color="red"
      icon={<IconCircleX />}
      title={
        answer.issued && answer.document === 'agreementReport'
          ? MSG.conversations.verifyReportDiffers
          : MSG.conversations.verifyFileDiffers
      }
      data-testid="verify-file"
      data-outcome="refused"
    >
      <Text size="sm">{MSG.conversations.verifyChosenFile(chosen.name)}</Text>
      <Text size="sm" className="fingerprint">
        {chosen.sha256}
      </Text>
    </Alert>
  );
  if (!answer.issued) {
    return (
      <>
        {mismatch}
        <Alert
          color="red"
          icon={<IconCircleX />}
          title={answer.message}
          data-testid="verify-result"
          data-outcome="refused"
        >
          <Text size="sm" className="fingerprint">
            {sha256}
          </Text>
        </Alert>
      </>
    );
  }
  if (chosen && !differs) {
    return (
      <Alert
        color="green"
        icon={<IconCircleCheck />}
        title={MSG.conversations.verifyFileMatches}
        data-testid="verify-result"
        data-outcome="verified"
      >
        <IssueDetails answer={answer} />
      </Alert>
    );
  }
  return (
    <>
      {mismatch}
      <Alert
        color="gray"
        icon={<IconFileSearch />}
        title={answer.message}
        data-testid="verify-result"
        data-outcome="issued"
      >
        <IssueDetails answer={answer} />
        {!chosen && (
          <Text size="sm" fw={600} mt="xs">
            {answer.document === 'agreementReport'
              ? MSG.conversations.verifyChooseReport
              : MSG.conversations.verifyChooseFile}
          </Text>
        )}
      </Alert>
    </>
  );
}

export function VerifyPage() {
  useDocumentTitle(MSG.conversations.verifyTitle);
  const navigate = useNavigate();
  const { hash } = useParams();
  const shown = hash && FINGERPRINT.test(hash.toLowerCase()) ? hash.toLowerCase() : null;
  const [typed, setTyped] = useState(shown ?? hash ?? '');
  const [typedError, setTypedError] = useState<string | null>(
    hash && !shown ? MSG.conversations.invalidFingerprint : null,
  );
  const [reading, setReading] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<ChosenFile | null>(null);

  const show = (sha256: string) => {
    setTyped(sha256);
    setTypedError(null);
    navigate(`/verify/${sha256}`);
  };

  const onFile = async (file: File | null) => {
    setFileError(null);
    setChosen(null);
    if (!file) return;
    setReading(true);
    try {
      const sha256 = await fingerprintOf(file);
      setChosen({ name: file.name, sha256 });
      // Opened from a link, the file is checked against the link's fingerprint; without one, the
      // file's own fingerprint is looked up.
      if (!shown) show(sha256);
    } catch {
      setFileError(MSG.conversations.verifyFileUnreadable);
    } finally {
      setReading(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // As copied from an e-mail or a terminal: spaces, line breaks and capitals do not count.
    const value = typed.replace(/\s+/g, '').toLowerCase();
    if (!FINGERPRINT.test(value)) {
      setTypedError(MSG.conversations.invalidFingerprint);
      return;
    }
    // A fingerprint typed anew is a new question: a file chosen before is not its answer.
    if (value !== shown) setChosen(null);
    show(value);
  };

  return (
    <BrandPage width={620}>
      <Paper withBorder shadow="sm" p="xl" radius="md" component="main" id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Stack>
          <Title order={1} size="h2">
            {MSG.conversations.verifyTitle}
          </Title>
          <Text c="dimmed">{MSG.conversations.verifyIntro}</Text>
          <FileInput
            label={MSG.conversations.verifyFileLabel}
            accept="application/pdf,.pdf"
            leftSection={<IconFileTypePdf size={18} aria-hidden />}
            onChange={onFile}
            disabled={reading}
            error={fileError}
            description={reading ? MSG.conversations.verifyReading : undefined}
            clearable
          />
          <form onSubmit={onSubmit} noValidate>
            <Group align="flex-start" wrap="nowrap">
              <TextInput
                style={{ flex: 1 }}
                label={MSG.conversations.verifyFingerprintLabel}
                value={typed}
                onChange={(event) => setTyped(event.currentTarget.value)}
                error={typedError}
                spellCheck={false}
                autoComplete="off"
                classNames={{ input: 'fingerprint-input' }}
              />
              <Button type="submit" mt={25}>
                {MSG.conversations.verifyCheck}
              </Button>
            </Group>
          </form>
          {shown && <Result key={shown} sha256={shown} chosen={chosen} />}
          <Text size="sm" c="dimmed">
            {MSG.conversations.verifyNothingShown}
          </Text>
          <Text size="sm" c="dimmed">
            {MSG.conversations.verifyCommandLine} <Code>sha256sum transcript.pdf</Code> (Linux),{' '}
            <Code>shasum -a 256 transcript.pdf</Code> (macOS),{' '}
            <Code>certutil -hashfile transcript.pdf SHA256</Code> (Windows).
          </Text>
        </Stack>
      </Paper>
    </BrandPage>
  );
}
