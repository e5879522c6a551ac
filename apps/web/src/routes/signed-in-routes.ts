import type { AppRoute } from './app-route';

/**
 * The screens under the shell (signed-in users only). Each feature adds its screens here, one
 * entry (or one `...featureRoutes` line) each; pages load lazily so each screen is its own chunk.
 * Nest entries to get a breadcrumb trail (`Daftar Program / Detail Program`).
 */
export const signedInRoutes: AppRoute[] = [
  {
    id: 'dashboard',
    path: '/dashboard',
    title: 'Dashboard',
    permission: 'dashboard.view',
    page: () => import('../features/dashboard/pages/dashboard-page').then((m) => m.DashboardPage),
  },
  {
    // Program screens nest here so their breadcrumb starts with 'Daftar Program'.
    id: 'program',
    path: '/program',
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
        path: 'tambah-program',
        title: 'Tambah Program',
        permission: 'program.manage',
        page: () =>
          import('../features/programs/pages/program-create-page').then((m) => m.ProgramCreatePage),
      },
      {
        id: 'program-edit',
        path: 'edit/:id',
        title: 'Edit Program',
        permission: 'program.manage',
        page: () =>
          import('../features/programs/pages/program-edit-page').then((m) => m.ProgramEditPage),
      },
      {
        // Program detail and its topic screens: 'Daftar Program / {program title} / …'.
        path: ':id',
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
            path: 'create',
            title: 'Topik & Aktifitas',
            permission: 'program.manage',
            page: () =>
              import('../features/topics/pages/topic-create-page').then((m) => m.TopicCreatePage),
          },
          {
            id: 'tna-edit',
            path: 'edit/:tnaId',
            title: 'Topik & Aktifitas',
            permission: 'program.manage',
            page: () =>
              import('../features/topics/pages/topic-edit-page').then((m) => m.TopicEditPage),
          },
        ],
      },
      {
        // Activity screens (spec 01 §2) with the spec's params program, topic and id, beside
        // ':id' rather than under it: 'Daftar Program / {program} / {topic} / Tambah Aktivitas'.
        path: ':program',
        title: 'Detail Program',
        children: [
          {
            id: 'activity-topic',
            path: ':topic',
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
                path: 'create',
                title: 'Tambah Aktivitas',
                permission: 'program.manage',
                page: () =>
                  import('../features/activities/pages/activity-form-page').then(
                    (m) => m.ActivityFormPage,
                  ),
              },
              {
                id: 'activity-edit',
                path: ':id/edit',
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
                path: ':id/preview',
                title: 'Pratinjau',
                page: () =>
                  import('../features/preview/pages/activity-preview-page').then(
                    (m) => m.ActivityPreviewPage,
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
    path: '/update-password',
    title: 'Ubah Password',
    page: () =>
      import('../features/auth/pages/update-password-page').then((m) => m.UpdatePasswordPage),
  },
];
