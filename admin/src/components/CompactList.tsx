import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { type RaRecord, SimpleList } from 'react-admin';
import { EmptyResults } from './EmptyResults';

type Render<T> = (record: T) => ReactNode;

const dim = (record: { idstate?: number }) => (record.idstate === 1 ? { opacity: 0.5 } : undefined);

/**
 * The phone form of a list (react-admin's `SimpleList`): one item per record with its main text,
 * a line or two of details and, at the right, the row's actions beside the text, never over it.
 * Inactive records are dimmed like the table's rows.
 */
export function CompactList<T extends RaRecord & { idstate?: number }>({
  primary,
  secondary,
  tertiary,
  actions,
  rowClick = false,
}: {
  primary: Render<T>;
  secondary?: Render<T>;
  /** A short value shown at the right of the main text (a price, a state). */
  tertiary?: Render<T>;
  actions?: Render<T>;
  rowClick?: 'edit' | 'show' | false;
}) {
  return (
    <SimpleList<T>
      // The short value sits at the end of the main line in the same flex row (not SimpleList's
      // floated tertiary text, which can drop below the line and under the details).
      primaryText={(record) => (
        <Box component="span" sx={{ ...dim(record), display: 'flex', gap: 1, justifyContent: 'space-between', alignItems: 'baseline' }}>
          <Box component="span" sx={{ fontWeight: 500, minWidth: 0, overflowWrap: 'break-word' }}>
            {primary(record)}
          </Box>
          {tertiary && (
            <Box component="span" sx={{ flexShrink: 0, color: 'text.secondary' }}>
              {tertiary(record)}
            </Box>
          )}
        </Box>
      )}
      secondaryText={
        secondary &&
        ((record) => (
          <Box component="span" sx={{ ...dim(record), display: 'block', overflowWrap: 'break-word' }}>
            {secondary(record)}
          </Box>
        ))
      }
      rightIcon={actions}
      rowClick={rowClick}
      empty={<EmptyResults />}
      className="compact-list"
      sx={{
        py: 0,
        '& .MuiListItem-root': { borderBottom: 1, borderColor: 'divider', alignItems: 'flex-start' },
        '& .MuiListItemText-root': { minWidth: 0 },
        '& .MuiListItemIcon-root': { minWidth: 0, ml: 1, mt: 0.5 },
      }}
    />
  );
}
