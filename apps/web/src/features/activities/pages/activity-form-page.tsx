import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSnackbar } from 'notistack';
import {
  useForm,
  useWatch,
  type FieldErrors,
  type FieldPath,
  type Resolver,
} from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  activityFileKind,
  activityMessages,
  activityRedirectAfterCreate,
  activitySnackbarMs,
  activityTabs,
  activityTypeLabel,
  hasPopupQuiz,
  isQuizActivityType,
} from '@ajar/shared/activities/activities.constants';
import type { Activity } from '@ajar/shared/activities/activities.schemas';
import { ApiError, errorMessage } from '@/api/http';
import { pathTo } from '@/routes/paths';
import { useActivityContext } from '../api/get-activity-context';
import { useActivity } from '../api/get-activity';
import { usePrepostCandidate } from '../api/get-prepost-candidate';
import { useCreateActivity, useUpdateActivity } from '../api/save-activity';
import { ActivityContentTab } from '../components/activity-content-tab';
import { ActivityDetailTab } from '../components/activity-detail-tab';
import { ActivitySettingsTab } from '../components/activity-settings-tab';
import { QuestionEditor } from '@/features/quiz/components/question-editor';
import { PopupQuizEditor } from '@/features/popup-quiz/components/popup-quiz-editor';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { useActivityBreadcrumb } from '../components/use-activity-breadcrumb';
import {
  activityFormSchema,
  activityToForm,
  buildCreatePayload,
  buildUpdatePayload,
  emptyActivityForm,
  formPathOfServerField,
  tabOfPath,
  tabsFor,
  type ActivityFormValues,
  type ActivityTab,
} from '../lib/activity-form-model';

const tabLabels: Record<ActivityTab, string> = {
  detail: activityTabs.detail,
  settings: activityTabs.settings,
  content: activityTabs.content,
  questions: activityTabs.questions,
  popup: activityTabs.popupQuiz,
};

// The schema reads the form's raw values (an unchosen type '' is reported, number fields are
// text until parsed); `raw` hands the submit handler those same values.
const resolver = zodResolver(activityFormSchema, undefined, {
  raw: true,
}) as unknown as Resolver<ActivityFormValues>;

/** The first tab (in screen order) that holds a message. */
function tabWithErrors(errors: FieldErrors<ActivityFormValues>, tabs: ActivityTab[]) {
  const withErrors = new Set(Object.keys(errors).map((key) => tabOfPath(key)));
  return tabs.find((tab) => withErrors.has(tab));
}

/**
 * Create / edit an activity (routes activity-create and activity-edit): tabs Detail, Pengaturan
 * and Konten, or Pertanyaan (the question editor of the quiz feature) for a saved quiz type.
 */
export function ActivityFormPage() {
  const params = useParams();
  const programId = params.program ?? '';
  const topicId = params.topic ?? '';
  const id = params.id;
  const { program, topic } = useActivityContext(programId, topicId);
  const activity = useActivity(id ? { programId, topicId, id } : null);

  useActivityBreadcrumb({
    programId,
    topicId,
    programTitle: program.data?.title,
    topicName: topic.data?.name,
    activityName: id ? activity.data?.name : undefined,
  });

  const contextError = program.error ?? topic.error ?? activity.error;
  if (contextError) {
    return (
      <Alert severity="error">
        <AlertTitle>Aktivitas tidak dapat dibuka</AlertTitle>
        {errorMessage(contextError)}
      </Alert>
    );
  }
  // Cached data may be old: the form waits for this visit's read before copying it.
  if (id && (!activity.data || !activity.isFetchedAfterMount)) return <FormSkeleton />;

  return (
    <ActivityForm
      // A new activity that opens its edit screen gets a fresh form.
      key={id ?? 'new'}
      programId={programId}
      topicId={topicId}
      activity={activity.data ?? null}
      heading={
        <Stack spacing={0.5}>
          <Typography variant="h5" component="h2">
            {activity.data ? activity.data.name : 'Tambah Aktivitas'}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {program.data ? program.data.title : <Skeleton width={180} component="span" />}
            {' · '}
            {topic.data ? topic.data.name : <Skeleton width={120} component="span" />}
          </Typography>
        </Stack>
      }
    />
  );
}

interface ActivityFormProps {
  programId: string;
  topicId: string;
  /** The activity being edited, or null when creating. */
  activity: Activity | null;
  heading: ReactNode;
}

function ActivityForm({ programId, topicId, activity, heading }: ActivityFormProps) {
  const editing = activity !== null;
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const createMutation = useCreateActivity();
  const updateMutation = useUpdateActivity();

  const form = useForm<ActivityFormValues>({
    // Loading an activity for edit sets its status to publish (spec 02 §4): every save sends it.
    defaultValues: activity ? activityToForm(activity) : emptyActivityForm(),
    resolver,
    shouldFocusError: false,
  });
  const { control, handleSubmit, setError, setValue, reset, formState } = form;
  const type = useWatch({ control, name: 'type' });
  const cloning = useWatch({ control, name: 'clone_pre_test' });
  const savedFile = useWatch({ control, name: 'content.file' });

  const candidate = usePrepostCandidate(programId, !editing && type === 'post_test');
  const candidateData = candidate.data ?? undefined;
  const isCloning = !editing && type === 'post_test' && cloning && Boolean(candidateData);

  const tabs = tabsFor(type, editing);
  // `?tab=questions` opens 'Pertanyaan' (the link of a question in 'Statistik Soal').
  const [searchParams] = useSearchParams();
  const [tab, setTab] = useState<ActivityTab>(() =>
    searchParams.get('tab') === 'questions' ? 'questions' : 'detail',
  );
  const shownTab = tabs.includes(tab) ? tab : 'detail';
  // The question editor loads its packets when its tab is first opened, then stays mounted.
  const [questionsOpened, setQuestionsOpened] = useState(false);
  if (shownTab === 'questions' && !questionsOpened) setQuestionsOpened(true);

  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string>();
  // A file picked for one kind (video, PDF) is dropped when the type changes to another kind or to
  // a type without a file, so switching type while creating leaves nothing behind.
  const fileKind = type ? activityFileKind(type) : null;
  const [fileKindOfFile, setFileKindOfFile] = useState(fileKind);
  if (fileKind !== fileKindOfFile) {
    setFileKindOfFile(fileKind);
    setFile(null);
    setFileError(undefined);
  }
  const [progress, setProgress] = useState<number | null>(null);
  const [generalErrors, setGeneralErrors] = useState<string[]>([]);
  const [leaving, setLeaving] = useState(false);
  // The question and pop-up quiz editors keep their own drafts and say when they are unsaved.
  const [questionsDirty, setQuestionsDirty] = useState(false);
  const [popupDirty, setPopupDirty] = useState(false);
  const saving = formState.isSubmitting;
  const dirty = formState.isDirty || file !== null || questionsDirty || popupDirty;

  const programDetailPath = () => pathTo('program-detail', { id: programId });

  const showServerErrors = (validation: Record<string, string>, values: ActivityFormValues) => {
    const general: string[] = [];
    const paths: string[] = [];
    for (const [key, message] of Object.entries(validation)) {
      const path = formPathOfServerField(key, values);
      if (path === 'file') {
        setFileError(message);
        paths.push('content');
      } else if (path) {
        setError(path as FieldPath<ActivityFormValues>, { type: 'server', message });
        paths.push(path);
      } else {
        general.push(message);
      }
    }
    setGeneralErrors(general);
    const first = tabs.find((t) => paths.some((p) => tabOfPath(p) === t));
    if (first) setTab(first);
  };

  const onValid = async (values: ActivityFormValues) => {
    setGeneralErrors([]);
    setFileError(undefined);
    // Only a type that takes a file sends one.
    const upload = fileKind ? file : null;
    setProgress(upload ? 0 : null);
    const onProgress = upload ? (fraction: number) => setProgress(fraction) : undefined;
    try {
      if (!activity) {
        const created = await createMutation.mutateAsync({
          programId,
          topicId,
          body: buildCreatePayload(values, { cloneFrom: candidateData?.id }),
          file: upload,
          onProgress,
        });
        setLeaving(true);
        enqueueSnackbar(activityMessages.created, {
          variant: 'success',
          autoHideDuration: activitySnackbarMs,
        });
        const next = activityRedirectAfterCreate(created.type);
        const target =
          next.route === 'activity-edit'
            ? pathTo('activity-edit', { program: programId, topic: topicId, id: created.id })
            : programDetailPath();
        window.setTimeout(() => navigate(target), next.delayMs);
      } else {
        const updated = await updateMutation.mutateAsync({
          programId,
          topicId,
          id: activity.id,
          body: buildUpdatePayload(values),
          file: upload,
          onProgress,
        });
        reset(activityToForm(updated));
        setFile(null);
        enqueueSnackbar(activityMessages.updated, {
          variant: 'success',
          autoHideDuration: activitySnackbarMs,
        });
      }
    } catch (error) {
      if (error instanceof ApiError && error.validation) showServerErrors(error.validation, values);
      enqueueSnackbar(activityMessages.error(errorMessage(error)), {
        variant: 'error',
        autoHideDuration: activitySnackbarMs,
      });
    } finally {
      setProgress(null);
    }
  };

  const onInvalid = (errors: FieldErrors<ActivityFormValues>) => {
    const first = tabWithErrors(errors, tabs);
    if (first) setTab(first);
  };

  const errorTabs = new Set(Object.keys(formState.errors).map((key) => tabOfPath(key)));
  if (fileError) errorTabs.add('content');
  const busy = saving || leaving;

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(onValid, onInvalid)}>
      <UnsavedChangesGuard when={dirty && !busy} />
      <Card>
        <CardContent sx={{ p: { xs: 2.5, sm: 3 }, pb: 0 }}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
          >
            {heading}
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
              {type && (
                <Chip
                  label={activityTypeLabel(type)}
                  color="primary"
                  variant="outlined"
                  sx={{ alignSelf: { xs: 'flex-start' } }}
                />
              )}
              {/* 'Pratinjau' plays the saved activity as a participant (feature preview). */}
              {activity && (isQuizActivityType(activity.type) || hasPopupQuiz(activity.type)) && (
                <Button
                  component={RouterLink}
                  to={pathTo('activity-preview', {
                    program: programId,
                    topic: topicId,
                    id: activity.id,
                  })}
                  variant="outlined"
                  size="small"
                >
                  Pratinjau
                </Button>
              )}
            </Stack>
          </Stack>
        </CardContent>
        <Tabs
          value={shownTab}
          onChange={(_event, next: ActivityTab) => setTab(next)}
          aria-label="Bagian aktivitas"
          sx={{ px: { xs: 1, sm: 2 }, mt: 1.5, borderBottom: 1, borderColor: 'divider' }}
        >
          {tabs.map((t) => (
            <Tab
              key={t}
              value={t}
              id={`activity-tab-${t}`}
              aria-controls={`activity-panel-${t}`}
              // 'Pop up Quiz' opens after the first save (spec 02 §2).
              disabled={t === 'popup' && !activity}
              label={
                <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
                  <span>{tabLabels[t]}</span>
                  {errorTabs.has(t) && (
                    <Box
                      component="span"
                      aria-label="ada kesalahan"
                      sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'error.main' }}
                    />
                  )}
                </Stack>
              }
            />
          ))}
        </Tabs>
        <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
          {generalErrors.length > 0 && (
            <Alert severity="error" sx={{ mb: 3 }}>
              {generalErrors.map((message) => (
                <div key={message}>{message}</div>
              ))}
            </Alert>
          )}
          {/* Panels stay mounted (hidden) so editors keep their state across tabs. */}
          <TabPanel tab="detail" shown={shownTab}>
            <ActivityDetailTab
              control={control}
              editing={editing}
              type={type}
              candidate={candidateData}
            />
          </TabPanel>
          <TabPanel tab="settings" shown={shownTab}>
            <ActivitySettingsTab
              control={control}
              setValue={setValue}
              type={type}
              cloning={isCloning}
            />
          </TabPanel>
          {tabs.includes('content') && (
            <TabPanel tab="content" shown={shownTab}>
              <ActivityContentTab
                type={type}
                control={control}
                setValue={setValue}
                file={{
                  file,
                  setFile: (next) => {
                    setFile(next);
                    setFileError(undefined);
                  },
                  progress,
                  error: fileError,
                  saved: savedFile,
                  removeSaved: () => setValue('content.file', null, { shouldDirty: true }),
                }}
              />
            </TabPanel>
          )}
          {activity && tabs.includes('questions') && questionsOpened && (
            <TabPanel tab="questions" shown={shownTab}>
              <QuestionEditor
                programId={programId}
                topicId={topicId}
                activityId={activity.id}
                onDirtyChange={setQuestionsDirty}
              />
            </TabPanel>
          )}
          {activity && tabs.includes('popup') && (
            <TabPanel tab="popup" shown={shownTab}>
              <PopupQuizEditor
                programId={programId}
                topicId={topicId}
                activity={activity}
                onDirtyChange={setPopupDirty}
              />
            </TabPanel>
          )}
        </CardContent>
        {/* The pop-up quiz tab has its own buttons (Batal, Simpan Quiz). */}
        <Divider sx={{ display: shownTab === 'popup' ? 'none' : undefined }} />
        {progress !== null && (
          <LinearProgress
            variant="determinate"
            value={Math.round(progress * 100)}
            aria-label="Progres unggah"
          />
        )}
        <Stack
          direction="row"
          spacing={1.5}
          sx={{
            justifyContent: 'flex-end',
            alignItems: 'center',
            p: 2,
            display: shownTab === 'popup' ? 'none' : undefined,
          }}
        >
          {progress !== null && (
            <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto' }}>
              Mengunggah… {Math.round(progress * 100)}%
            </Typography>
          )}
          <Button variant="text" disabled={busy} onClick={() => navigate(programDetailPath())}>
            Batal
          </Button>
          {/* The question editor saves each section itself: no form save on its tab. */}
          {shownTab !== 'questions' && (
            <Button
              type="submit"
              variant="contained"
              disabled={busy}
              startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {editing ? 'Simpan Perubahan' : 'Simpan'}
            </Button>
          )}
        </Stack>
      </Card>
    </Box>
  );
}

function TabPanel({
  tab,
  shown,
  children,
}: {
  tab: ActivityTab;
  shown: ActivityTab;
  children: ReactNode;
}) {
  return (
    <Box
      role="tabpanel"
      id={`activity-panel-${tab}`}
      aria-labelledby={`activity-tab-${tab}`}
      hidden={tab !== shown}
    >
      {children}
    </Box>
  );
}

function FormSkeleton() {
  return (
    <Card>
      <CardContent sx={{ p: 3 }}>
        <Skeleton variant="text" width={280} height={40} />
        <Skeleton variant="text" width={200} />
        <Skeleton variant="rounded" height={48} sx={{ my: 2 }} />
        <Skeleton variant="rounded" height={56} sx={{ mb: 2 }} />
        <Skeleton variant="rounded" height={56} />
      </CardContent>
    </Card>
  );
}
