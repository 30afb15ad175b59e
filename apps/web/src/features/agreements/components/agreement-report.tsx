// 'Agreement report': a period's windows as a CSV file, for the agency's records, or as a PDF for the
// court, whose fingerprint the portal records so that anyone holding the file can check it on the verify
// page. The period is checked here and on the server; the file is named after the family and the period.
import { AGREEMENT_MSG, type AgreementReportQuery, apiPath, MSG, ROUTES } from '@bridge-talk/contract';
import { Anchor, Box, Button, Code, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDownload, IconFileTypePdf } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { ApiError, apiDownload, queryString } from '../../../shared/api/api-client.js';
import { saveFile } from '../../../shared/api/save-file.js';
import { fingerprintOf } from '../../../shared/security/file-fingerprint.js';
import { notify } from '../../../shared/ui/notify.js';

const T = AGREEMENT_MSG;

type ReportFormat = NonNullable<AgreementReportQuery['format']>;

/** The PDF last saved for the period shown, and its fingerprint. */
interface IssuedPdf {
  fileName: string;
  sha256: string;
}

export function AgreementReport({
  groupId,
  familyName,
  today,
}: {
  groupId: string;
  familyName: string;
  today: string;
}) {
  const [from, setFrom] = useState(`${today.slice(0, 4)}-01-01`);
  const [to, setTo] = useState(today);
  const [error, setError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState<ReportFormat | null>(null);
  const [issued, setIssued] = useState<IssuedPdf | null>(null);

  // A fingerprint shown is that of the PDF of the period shown: another period, and it is gone — and
  // a PDF still coming for the period before shows none when it arrives.
  const periodChanges = useRef(0);
  const changePeriod = (set: (value: string) => void, value: string) => {
    set(value);
    setIssued(null);
    periodChanges.current += 1;
  };

  async function download(format: ReportFormat) {
    if (from > to) {
      setError(T.periodBackwards);
      return;
    }
    setError(null);
    setDownloading(format);
    if (format === 'pdf') setIssued(null);
    const asked = periodChanges.current;
    try {
      const path = `${apiPath(ROUTES.agreements.report.path, { groupId })}${queryString({ from, to, format })}`;
      const file = await apiDownload(path);
      if (format === 'csv') {
        saveFile(file, T.reportFileName(familyName, from, to));
        return;
      }
      const fileName = T.reportPdfFileName(familyName, from, to);
      saveFile(file, fileName);
      const sha256 = await fingerprintOf(file);
      if (periodChanges.current === asked) setIssued({ fileName, sha256 });
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400) setError(failure.message);
      else notify.error(failure instanceof ApiError ? failure.message : MSG.common.somethingWrong);
    } finally {
      setDownloading(null);
    }
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="agreement-report-heading">
      <Title order={2} size="h4" id="agreement-report-heading">
        {T.reportTitle}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {T.reportIntro}
      </Text>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          type="date"
          label={T.reportFrom}
          value={from}
          onChange={(e) => changePeriod(setFrom, e.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={T.reportTo}
          value={to}
          error={error}
          onChange={(e) => changePeriod(setTo, e.currentTarget.value)}
        />
        {/* One download at a time: while either runs, both are disabled, so a double click saves one file. */}
        <Button
          leftSection={<IconDownload size={16} />}
          loading={downloading === 'csv'}
          disabled={downloading === 'pdf'}
          onClick={() => void download('csv')}
        >
          {T.reportDownload}
        </Button>
        <Button
          variant="light"
          leftSection={<IconFileTypePdf size={16} />}
          loading={downloading === 'pdf'}
          disabled={downloading === 'csv'}
          onClick={() => void download('pdf')}
        >
          {T.reportDownloadPdf}
        </Button>
      </Group>
      {/* Always there, so that a screen reader announces what comes into it. */}
      <Box role="status" mt={issued ? 'sm' : 0}>
        {issued && (
          <Stack gap={4}>
            <Text size="sm">{T.reportIssued(issued.fileName)}</Text>
            <Code data-testid="report-fingerprint" style={{ wordBreak: 'break-all' }}>
              {issued.sha256}
            </Code>
            <Anchor component={Link} to={`/verify/${issued.sha256}`} size="sm">
              {T.reportCheckLink}
            </Anchor>
          </Stack>
        )}
      </Box>
    </Paper>
  );
}
