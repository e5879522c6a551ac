import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';

export interface DashboardPanelProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
}

/** A titled section of the dashboard (a region named by its heading). */
export function DashboardPanel({ title, subtitle, children }: DashboardPanelProps) {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} sx={{ height: '100%' }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ mb: 2 }}>
          <Typography id={headingId} variant="h6" component="h3">
            {title}
          </Typography>
          {subtitle ? (
            <Typography variant="body2" color="text.secondary">
              {subtitle}
            </Typography>
          ) : null}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

/** What a panel says when it has nothing to show. */
export function PanelEmpty({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        py: 4,
        px: 2,
        textAlign: 'center',
        color: 'text.secondary',
        border: 1,
        borderStyle: 'dashed',
        borderColor: 'divider',
        borderRadius: 2,
      }}
    >
      <Typography variant="body2">{children}</Typography>
    </Box>
  );
}
