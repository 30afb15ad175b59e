// 'Agreement report': a period's windows as a CSV file, for the agency's records and the court. The
// period is checked here and on the server; the file is named after the family and the period.
import { apiPath, MSG, ROUTES } from '@bridge-talk/contract';
import { Button, Group, Paper, Text, TextInput, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError, apiDownload, queryString } from '../../../shared/api/api-client.js';
import { notify } from '../../../shared/ui/notify.js';

const T = MSG.agreements;

/** Saves the bytes as a file of that name, as a link with `download` does. */
function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has been taken: revoked at once, some browsers would fetch nothing.
  setTimeout(() => URL.revokeObjectURL(url), 0);
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
  const [loading, setLoading] = useState(false);

  async function download() {
    if (from > to) {
      setError(T.periodBackwards);
      return;
    }
    setError(null);
    setLoading(true);
    try {
      const path = `${apiPath(ROUTES.agreements.report.path, { groupId })}${queryString({ from, to })}`;
      saveFile(await apiDownload(path), T.reportFileName(familyName, from, to));
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400) setError(failure.message);
      else notify.error(failure instanceof ApiError ? failure.message : MSG.common.somethingWrong);
    } finally {
      setLoading(false);
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
          onChange={(e) => setFrom(e.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={T.reportTo}
          value={to}
          error={error}
          onChange={(e) => setTo(e.currentTarget.value)}
        />
        <Button leftSection={<IconDownload size={16} />} loading={loading} onClick={() => void download()}>
          {T.reportDownload}
        </Button>
      </Group>
    </Paper>
  );
}
