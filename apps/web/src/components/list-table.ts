/** The head row style of the back office's list tables (muted, bold, on a light band). */
export const listTableHeadSx = {
  '& .MuiTableCell-head': {
    fontWeight: 600,
    color: 'text.secondary',
    bgcolor: 'grey.50',
    whiteSpace: 'nowrap',
  },
} as const;
