// /terms-conditions/{id} ('new' for the first version; `?document=privacy` for the privacy policy):
// the rich-text editor starting from that version's text, the number the new version will have, and
// Save — which keeps every earlier version, refuses an editor without text, and saves nothing when the
// text is the version in force's (and says so).
import { formatFullDate, isEmptyTermsHtml, MSG } from '@bridge-talk/contract';
import { Alert, Box, Button, Group, LoadingOverlay as Overlay, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../shared/api/api-client.js';
import { useUnsavedChanges } from '../../shared/forms/unsaved-changes-store.js';
import { inlineStylesAllowed } from '../../shared/security/style-nonce.js';
import { LoadingOverlay } from '../../shared/ui/loading-overlay.js';
import { notify } from '../../shared/ui/notify.js';
import { PageHeader } from '../../shared/ui/page-header.js';
import { useCreateTerms } from './api/create-terms.js';
import { useLatestTerms } from './api/get-latest-terms.js';
import { useTerms } from './api/get-terms.js';
import { RichTextEditor } from './components/rich-text-editor.js';
import { termsHtmlForEditor } from './editor-html.js';
import { DOCUMENT_TEXTS, documentOf, withDocument } from './terms-document.js';

export const NEW_TERMS_ID = 'new';

export function TermsEditorPage() {
  const { id = NEW_TERMS_ID } = useParams();
  const isNew = id === NEW_TERMS_ID;
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const base = useTerms(id, !isNew);
  // An existing version says which document it is; a new one is the address's.
  const document = base.data?.document ?? documentOf(search);
  const latest = useLatestTerms(document, { enabled: isNew || base.isSuccess });
  const listTo = withDocument('/terms-conditions', document);
  const save = useCreateTerms();
  const [content, setContent] = useState<string | null>(isNew ? '' : null);
  const [editorReady, setEditorReady] = useState(false);
  /** The text as the editor first held it: a text that differs is unsaved work, asked about on leaving. */
  const [original, setOriginal] = useState<string | null>(null);
  useUnsavedChanges(original !== null && content !== original && !save.isSuccess);
  /** Why the last Save was refused (an empty editor), until the text changes. */
  const [refusal, setRefusal] = useState<string | null>(null);

  // The editor needs inline styles, which only its own page load allows (see the server's web-page):
  // reached inside a page served under the strict policy, it loads its page again.
  useEffect(() => {
    if (!inlineStylesAllowed) window.location.reload();
  }, []);

  // The editor starts from the text of the version being edited, once it has arrived.
  useEffect(() => {
    if (content === null && base.data) setContent(termsHtmlForEditor(base.data.content));
  }, [base.data, content]);

  const missing = !isNew && base.error instanceof ApiError && base.error.status === 404;
  const failed = latest.isError || (base.isError && !missing);
  const loading = latest.isPending || content === null;
  const nextVersion = (latest.data?.version ?? 0) + 1;

  async function onSave() {
    if (isEmptyTermsHtml(content ?? '')) return setRefusal(MSG.extra.termsEmpty);
    try {
      const saved = await save.mutateAsync({
        document,
        title: DOCUMENT_TEXTS[document].title,
        content: content ?? '',
      });
      if (saved.unchanged) notify.info(MSG.terms.unchanged(saved.version));
      else notify.success(DOCUMENT_TEXTS[document].saved);
      navigate(listTo);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) setRefusal(error.message);
      else notify.error(MSG.common.somethingWrong);
    }
  }

  return (
    <>
      <PageHeader
        title={MSG.nav.termsAndConditions}
        back={listTo}
        breadcrumbs={[
          { label: MSG.nav.termsAndConditions, to: '/terms-conditions' },
          { label: DOCUMENT_TEXTS[document].label, to: listTo },
          { label: MSG.common.edit },
        ]}
      />
      {missing || failed ? (
        <Alert color="red" title={missing ? MSG.extra.notFound : MSG.common.somethingWrong}>
          <Button component={Link} to={listTo} variant="light" color="red">
            {MSG.nav.termsAndConditions}
          </Button>
        </Alert>
      ) : (
        <LoadingOverlay visible={loading}>
          {!loading && (
            <Stack maw={1100}>
              <Group justify="space-between" align="flex-end">
                <div>
                  <Text size="sm" c="dimmed" fw={600}>
                    {MSG.terms.newTerm}
                  </Text>
                  <Text fw={600}>{formatFullDate(new Date())}</Text>
                </div>
                <TextInput label="Version" value={String(nextVersion)} readOnly variant="filled" w={120} />
              </Group>
              <Box pos="relative" mih={500}>
                <Overlay
                  visible={!editorReady}
                  zIndex={10}
                  loaderProps={{ 'aria-label': 'Loading editor' }}
                />
                {inlineStylesAllowed && (
                  <RichTextEditor
                    label={document === 'terms' ? MSG.nav.termsAndConditions : MSG.auth.privacyPolicy}
                    value={content ?? ''}
                    onChange={(html) => {
                      setContent(html);
                      setRefusal(null);
                      // The editor's own tidying of the text it was given, before anyone types, is
                      // no change of the person's.
                      if (!editorReady) setOriginal(html);
                    }}
                    onReady={() => {
                      setEditorReady(true);
                      setOriginal(content ?? '');
                    }}
                  />
                )}
              </Box>
              {refusal && (
                <Text c="red.8" fw={600} role="alert">
                  {refusal}
                </Text>
              )}
              <Group justify="flex-end">
                <Button component={Link} to={listTo} variant="default" data-discards-changes>
                  Cancel
                </Button>
                <Button onClick={() => void onSave()} loading={save.isPending} disabled={!editorReady}>
                  {MSG.common.save}
                </Button>
              </Group>
            </Stack>
          )}
        </LoadingOverlay>
      )}
    </>
  );
}
