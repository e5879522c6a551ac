import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import NavigateNextRounded from '@mui/icons-material/NavigateNextRounded';
import { Link as RouterLink } from 'react-router';
import type { Crumb } from './page-title';

export function AppBreadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  if (!crumbs.length) return null;
  return (
    <Breadcrumbs
      aria-label="breadcrumb"
      separator={<NavigateNextRounded fontSize="small" />}
      sx={{ mb: 2.5, fontSize: 14 }}
    >
      {crumbs.map((crumb, index) =>
        index === crumbs.length - 1 ? (
          <Typography key={crumb.to} color="text.primary" aria-current="page" sx={{ fontSize: 14 }}>
            {crumb.label}
          </Typography>
        ) : (
          <Link
            key={crumb.to}
            component={RouterLink}
            to={crumb.to}
            underline="hover"
            color="text.secondary"
            sx={{ fontSize: 14 }}
          >
            {crumb.label}
          </Link>
        ),
      )}
    </Breadcrumbs>
  );
}
