import type { AppRoute } from './app-route';
import { routePaths } from './paths';

/**
 * The screens under the shell (signed-in users only); pages load lazily so each screen is its own
 * chunk. Only the router imports this table (it imports every page); features link with
 * `pathTo` from `./paths`, which imports no page.
 *
 * To add a screen:
 * 1. add its name and full path pattern to `routePaths` in `./paths.ts`;
 * 2. add an entry here: `{ id: 'name', path: routePaths['name'], title, permission, page }`.
 *    Paths are absolute (React Router accepts an absolute child path that starts with its
 *    parent's); nest the entry under another to get a breadcrumb trail
 *    (`Daftar Program / Detail Program`). `paths.test.ts` checks the table against `routePaths`.
 */
export const signedInRoutes: AppRoute[] = [
  {
    id: 'dashboard',
    path: routePaths.dashboard,
    title: 'Dashboard',
    permission: 'dashboard.view',
    page: () => import('../features/dashboard/pages/dashboard-page').then((m) => m.DashboardPage),
  },
  {
    // Program screens nest here so their breadcrumb starts with 'Daftar Program'.
    id: 'program',
    path: routePaths.program,
    title: 'Daftar Program',
    permission: 'program.view',
    children: [
      {
        id: 'program-list',
        index: true,
        page: () =>
          import('../features/programs/pages/program-list-page').then((m) => m.ProgramListPage),
      },
      {
        id: 'program-create',
        path: routePaths['program-create'],
        title: 'Tambah Program',
        permission: 'program.manage',
        page: () =>
          import('../features/programs/pages/program-create-page').then((m) => m.ProgramCreatePage),
      },
      {
        id: 'program-edit',
        path: routePaths['program-edit'],
        title: 'Edit Program',
        permission: 'program.manage',
        page: () =>
          import('../features/programs/pages/program-edit-page').then((m) => m.ProgramEditPage),
      },
      {
        // Program detail and its topic screens: 'Daftar Program / {program title} / …'.
        path: routePaths['program-detail'],
        title: 'Detail Program',
        children: [
          {
            id: 'program-detail',
            index: true,
            page: () =>
              import('../features/topics/pages/program-detail-page').then(
                (m) => m.ProgramDetailPage,
              ),
          },
          {
            id: 'tna-create',
            path: routePaths['tna-create'],
            title: 'Topik & Aktifitas',
            permission: 'program.manage',
            page: () =>
              import('../features/topics/pages/topic-create-page').then((m) => m.TopicCreatePage),
          },
          {
            id: 'tna-edit',
            path: routePaths['tna-edit'],
            title: 'Topik & Aktifitas',
            permission: 'program.manage',
            page: () =>
              import('../features/topics/pages/topic-edit-page').then((m) => m.TopicEditPage),
          },
        ],
      },
      {
        id: 'program-analytics',
        path: routePaths['program-analytics'],
        title: 'Analitik Program',
        permission: 'program.view',
        page: () =>
          import('../features/analytics/pages/program-analytics-page').then(
            (m) => m.ProgramAnalyticsPage,
          ),
      },
      {
        // Activity screens (spec 01 §2) with the spec's params program, topic and id, beside
        // ':id' rather than under it: 'Daftar Program / {program} / {topic} / Tambah Aktivitas'.
        // A nameless group (breadcrumb only), so its path is a segment relative to '/program'.
        path: ':program',
        title: 'Detail Program',
        children: [
          {
            id: 'activity-topic',
            path: routePaths['activity-topic'],
            title: 'Topik',
            children: [
              {
                index: true,
                page: () =>
                  import('../features/activities/pages/activity-topic-page').then(
                    (m) => m.ActivityTopicPage,
                  ),
              },
              {
                id: 'activity-create',
                path: routePaths['activity-create'],
                title: 'Tambah Aktivitas',
                permission: 'program.manage',
                page: () =>
                  import('../features/activities/pages/activity-form-page').then(
                    (m) => m.ActivityFormPage,
                  ),
              },
              {
                id: 'activity-edit',
                path: routePaths['activity-edit'],
                title: 'Edit Aktivitas',
                permission: 'program.manage',
                page: () =>
                  import('../features/activities/pages/activity-form-page').then(
                    (m) => m.ActivityFormPage,
                  ),
              },
              {
                // Plays the activity as a participant; only reads (nothing is stored).
                id: 'activity-preview',
                path: routePaths['activity-preview'],
                title: 'Pratinjau',
                page: () =>
                  import('../features/preview/pages/activity-preview-page').then(
                    (m) => m.ActivityPreviewPage,
                  ),
              },
              {
                id: 'question-stats',
                path: routePaths['question-stats'],
                title: 'Statistik Soal',
                page: () =>
                  import('../features/analytics/pages/question-stats-page').then(
                    (m) => m.QuestionStatsPage,
                  ),
              },
            ],
          },
        ],
      },
    ],
  },
  {
    id: 'update-password',
    path: routePaths['update-password'],
    title: 'Ubah Password',
    page: () =>
      import('../features/auth/pages/update-password-page').then((m) => m.UpdatePasswordPage),
  },
  {
    id: 'kelola-nilai',
    path: routePaths['kelola-nilai'],
    title: 'Daftar Program',
    permission: 'grade.manage',
    page: () =>
      import('../features/grading/pages/grading-program-list-page').then(
        (m) => m.GradingProgramListPage,
      ),
  },
  {
    id: 'program-users',
    path: routePaths['program-users'],
    title: 'Daftar Peserta',
    // Opened from Kelola Nilai > Daftar Program: the trail leads back there.
    trail: [{ label: 'Daftar Program', to: routePaths['kelola-nilai'] }],
    permission: 'grade.manage',
    page: () =>
      import('../features/participants/pages/participant-list-page').then(
        (m) => m.ParticipantListPage,
      ),
  },
  {
    id: 'program-attention',
    path: routePaths['program-attention'],
    title: 'Perlu Perhatian',
    trail: [{ label: 'Daftar Program', to: routePaths.program }],
    permission: 'program.view',
    page: () => import('../features/analytics/pages/attention-page').then((m) => m.AttentionPage),
  },
  {
    id: 'daftar-reseller',
    path: routePaths['daftar-reseller'],
    title: 'Daftar Reseller',
    permission: 'reseller.manage',
    page: () =>
      import('../features/resellers/pages/reseller-list-page').then((m) => m.ResellerListPage),
  },
  {
    id: 'create-reseller',
    path: routePaths['create-reseller'],
    title: 'Tambah Reseller',
    permission: 'reseller.manage',
    page: () =>
      import('../features/resellers/pages/reseller-create-page').then((m) => m.ResellerCreatePage),
  },
  {
    // Spec 01 §2: the page title is the referral code.
    id: 'list-referal',
    path: routePaths['list-referal'],
    title: (params) => params.id ?? 'Pengguna Reseller',
    permission: 'reseller.manage',
    page: () =>
      import('../features/resellers/pages/reseller-users-page').then((m) => m.ResellerUsersPage),
  },
  {
    id: 'import',
    path: routePaths.import,
    title: 'Import Nilai UK',
    permission: 'grade.manage',
    page: () => import('../features/imports/pages/import-scores-page').then((m) => m.ImportUkPage),
  },
  {
    id: 'import-feedback',
    path: routePaths['import-feedback'],
    title: 'Import Nilai TPM',
    permission: 'grade.manage',
    page: () => import('../features/imports/pages/import-scores-page').then((m) => m.ImportTpmPage),
  },
  {
    id: 'presensi',
    path: routePaths.presensi,
    title: 'Presensi',
    permission: 'presence.view',
    page: () =>
      import('../features/attendance/pages/attendance-page').then((m) => m.AttendancePage),
  },
  {
    id: 'pengguna',
    path: routePaths.pengguna,
    title: 'Daftar Pengguna',
    permission: 'users.manage',
    page: () => import('../features/users/pages/staff-list-page').then((m) => m.StaffListPage),
  },
  {
    id: 'log-aktivitas',
    path: routePaths['log-aktivitas'],
    title: 'Log Aktivitas',
    permission: 'users.manage',
    page: () => import('../features/audit/pages/audit-log-page').then((m) => m.AuditLogPage),
  },
  {
    id: 'permintaan-hapus-akun',
    path: routePaths['permintaan-hapus-akun'],
    title: 'Permintaan Hapus Akun',
    permission: 'member.erase',
    page: () =>
      import('../features/privacy/pages/deletion-requests-page').then(
        (m) => m.DeletionRequestsPage,
      ),
  },
  {
    id: 'kebijakan-privasi',
    path: routePaths['kebijakan-privasi'],
    title: 'Kebijakan Privasi',
    permission: 'users.manage',
    page: () =>
      import('../features/privacy/pages/privacy-notice-page').then((m) => m.PrivacyNoticePage),
  },
  {
    id: 'certificate-participant',
    path: routePaths['certificate-participant'],
    title: 'Sertifikat Peserta',
    permission: 'grade.manage',
    page: () =>
      import('../features/certificates/pages/certificate-page').then(
        (m) => m.CertificateParticipantPage,
      ),
  },
  {
    id: 'certificate-graduation',
    path: routePaths['certificate-graduation'],
    title: 'Sertifikat Kelulusan',
    permission: 'grade.manage',
    page: () =>
      import('../features/certificates/pages/certificate-page').then(
        (m) => m.CertificateGraduationPage,
      ),
  },
  {
    id: 'discussion-private',
    path: routePaths['discussion-private'],
    title: 'Diskusi Private',
    permission: 'discussion.manage',
    page: () =>
      import('../features/chat/pages/private-discussion-page').then((m) => m.PrivateDiscussionPage),
  },
  {
    id: 'discussion-private-program',
    path: routePaths['discussion-private-program'],
    title: 'Diskusi Private',
    permission: 'discussion.manage',
    page: () =>
      import('../features/chat/pages/private-discussion-page').then(
        (m) => m.PrivateProgramDiscussionPage,
      ),
  },
  {
    id: 'discussion-private-activity',
    path: routePaths['discussion-private-activity'],
    title: 'Diskusi Private',
    permission: 'discussion.manage',
    page: () =>
      import('../features/chat/pages/private-discussion-page').then(
        (m) => m.PrivateActivityDiscussionPage,
      ),
  },
  {
    // Public discussion: 'Diskusi Publik / {program} ' and 'Diskusi Publik / {activity}'.
    id: 'discussion-public',
    path: routePaths['discussion-public'],
    title: 'Diskusi Publik',
    permission: 'discussion.manage',
    children: [
      {
        index: true,
        page: () =>
          import('../features/discussions/pages/discussion-program-list-page').then(
            (m) => m.DiscussionProgramListPage,
          ),
      },
      {
        id: 'discussion-public-program',
        path: routePaths['discussion-public-program'],
        title: 'Diskusi Program',
        page: () =>
          import('../features/discussions/pages/discussion-program-page').then(
            (m) => m.DiscussionProgramPage,
          ),
      },
      {
        id: 'discussion-public-thread',
        path: routePaths['discussion-public-thread'],
        title: (params) => params.act_name ?? 'Diskusi Aktivitas',
        page: () =>
          import('../features/discussions/pages/discussion-thread-page').then(
            (m) => m.DiscussionThreadPage,
          ),
      },
    ],
  },
  {
    id: 'notifikasi',
    path: routePaths.notifikasi,
    title: 'Notifikasi',
    permission: 'notification.send',
    page: () =>
      import('../features/notifications/pages/notifications-page').then((m) => m.NotificationsPage),
  },
];
