import { useState } from 'react';
import { Avatar, Box, Button, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import { formatDateTime } from '@ajar/shared/common/datetime';
import { staffAuthorBadge } from '@ajar/shared/discussions/discussions.constants';
import type { ThreadNode } from '../lib/thread-tree';
import { MessageForm } from './message-form';

export interface ThreadMessageProps {
  node: ThreadNode;
  /** Staff who may delete any message (admins); others delete their own. */
  canDeleteAny: boolean;
  busy: boolean;
  onReply: (parent: ThreadNode, content: string) => Promise<unknown>;
  onDelete: (message: ThreadNode) => void;
}

/**
 * One message with its replies (spec 01 §2 Activity discussion): 'Balas'/'Batal' toggles the reply
 * box, 'Lihat N Balasan'/'Tutup Balasan' toggles the replies.
 */
export function ThreadMessage({ node, canDeleteAny, busy, onReply, onDelete }: ThreadMessageProps) {
  const [replying, setReplying] = useState(false);
  const [open, setOpen] = useState(false);
  const replies = node.children.length;
  return (
    <Box component="li" sx={{ listStyle: 'none' }} aria-label={`Pesan dari ${node.author_name}`}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <Avatar
          sx={{
            width: 36,
            height: 36,
            bgcolor: node.author_kind === 'staff' ? 'primary.main' : 'secondary.main',
          }}
        >
          {node.author_name.slice(0, 1).toUpperCase()}
        </Avatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 600 }}>{node.author_name}</Typography>
            {node.author_kind === 'staff' && (
              <Chip size="small" label={staffAuthorBadge(node.author_role)} />
            )}
            <Typography variant="caption" color="text.secondary">
              {formatDateTime(node.created_at)}
            </Typography>
          </Stack>
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 0.5 }}>
            {node.content}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5 }}>
            <Button size="small" onClick={() => setReplying((v) => !v)}>
              {replying ? 'Batal' : 'Balas'}
            </Button>
            {replies > 0 && (
              <Button size="small" onClick={() => setOpen((v) => !v)}>
                {open ? 'Tutup Balasan' : `Lihat ${replies} Balasan`}
              </Button>
            )}
            {(canDeleteAny || node.is_mine) && (
              <Tooltip title="Hapus pesan">
                <IconButton
                  size="small"
                  aria-label={`Hapus pesan ${node.author_name}`}
                  onClick={() => onDelete(node)}
                >
                  <DeleteOutlineRounded fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </Stack>
          {replying && (
            <Box sx={{ mt: 1 }}>
              <MessageForm
                label={`Balas ${node.author_name}`}
                submitLabel="Kirim"
                autoFocus
                busy={busy}
                onSubmit={async (content) => {
                  await onReply(node, content);
                  setReplying(false);
                  setOpen(true);
                }}
              />
            </Box>
          )}
          {open && replies > 0 && (
            <Stack component="ul" spacing={2} sx={{ pl: 0, mt: 1.5, mb: 0 }}>
              {node.children.map((child) => (
                <ThreadMessage
                  key={child.id}
                  node={child}
                  canDeleteAny={canDeleteAny}
                  busy={busy}
                  onReply={onReply}
                  onDelete={onDelete}
                />
              ))}
            </Stack>
          )}
        </Box>
      </Stack>
    </Box>
  );
}
