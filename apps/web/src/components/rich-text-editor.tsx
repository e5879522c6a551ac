import { useEffect, useId, useState, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Placeholder from '@tiptap/extension-placeholder';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  FormControl,
  FormHelperText,
  FormLabel,
  IconButton,
  TextField,
  Tooltip,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatUnderlinedIcon from '@mui/icons-material/FormatUnderlined';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import LinkIcon from '@mui/icons-material/Link';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import TitleIcon from '@mui/icons-material/Title';
import TextFieldsIcon from '@mui/icons-material/TextFields';

export interface RichTextEditorProps {
  /** Visible label; also the accessible name of the editing area. */
  label: string;
  /** HTML. An empty document is reported as '' so "required" rules work on it. */
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  /** Height of the editing area in px; it grows with the text up to maxHeight, then scrolls. */
  minHeight?: number;
  maxHeight?: number;
}

function htmlOf(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

/**
 * Rich text (program benefits, facilitator descriptions, topic texts) with a deliberately small
 * toolbar: bold, italic, underline, two heading levels, lists and links. The server sanitizes
 * whatever arrives, so this only has to avoid offering what it would strip.
 */
export function RichTextEditor({
  label,
  value,
  onChange,
  onBlur,
  placeholder,
  required,
  disabled = false,
  error = false,
  helperText,
  minHeight = 140,
  maxHeight = 360,
}: RichTextEditorProps) {
  const labelId = useId();
  const helperId = useId();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        blockquote: false,
        horizontalRule: false,
        strike: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          protocols: ['http', 'https', 'mailto'],
          HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: '_blank' },
        },
      }),
      Placeholder.configure({ placeholder: placeholder ?? '' }),
    ],
    content: value,
    editable: !disabled,
    // useEditor passes changed options to the live editor on each render, so aria-invalid and
    // the callbacks follow the props without recreating the editor.
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        'aria-describedby': helperId,
        ...(required ? { 'aria-required': 'true' } : {}),
        ...(error ? { 'aria-invalid': 'true' } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChange(htmlOf(e)),
    onBlur: () => onBlur?.(),
  });

  // A value set from outside (a form reset after the record loads) replaces the document; the
  // editor's own updates come back equal and are left alone so the cursor does not jump.
  useEffect(() => {
    if (value !== htmlOf(editor)) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    editor.setEditable(!disabled);
  }, [editor, disabled]);

  return (
    <FormControl fullWidth error={error} disabled={disabled}>
      <FormLabel id={labelId} required={required} sx={{ mb: 0.75, fontSize: 14 }}>
        {label}
      </FormLabel>
      <Box
        sx={(theme) => ({
          border: 1,
          borderColor: error ? 'error.main' : 'rgba(0, 0, 0, 0.23)',
          borderRadius: 1,
          bgcolor: disabled ? 'action.disabledBackground' : 'background.paper',
          '&:hover': { borderColor: error ? 'error.main' : disabled ? undefined : 'text.primary' },
          '&:focus-within': {
            borderColor: error ? 'error.main' : 'primary.main',
            boxShadow: `0 0 0 1px ${error ? theme.palette.error.main : theme.palette.primary.main}`,
          },
        })}
      >
        <Toolbar editor={editor} disabled={disabled} />
        <Divider />
        <Box
          sx={{
            px: 1.75,
            py: 1,
            minHeight,
            maxHeight,
            overflowY: 'auto',
            cursor: disabled ? 'default' : 'text',
            '& .tiptap': { outline: 'none', minHeight: minHeight - 16 },
            '& .tiptap p': { my: 0.75 },
            '& .tiptap h2': { fontSize: 20, my: 1 },
            '& .tiptap h3': { fontSize: 17, my: 1 },
            '& .tiptap ul, & .tiptap ol': { pl: 3, my: 0.75 },
            '& .tiptap a': { color: 'primary.main' },
            '& .tiptap p.is-editor-empty:first-of-type::before': {
              content: 'attr(data-placeholder)',
              color: 'text.disabled',
              float: 'left',
              height: 0,
              pointerEvents: 'none',
            },
          }}
          onClick={() => {
            if (!disabled && !editor.isFocused) editor.commands.focus();
          }}
        >
          <EditorContent editor={editor} />
        </Box>
      </Box>
      <FormHelperText id={helperId}>{helperText ?? ' '}</FormHelperText>
    </FormControl>
  );
}

interface ToolbarProps {
  editor: Editor;
  disabled: boolean;
}

function Toolbar({ editor, disabled }: ToolbarProps) {
  const [linkOpen, setLinkOpen] = useState(false);
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      link: e.isActive('link'),
    }),
  });

  const buttons: { key: string; label: string; icon: ReactNode; on: boolean; run: () => void }[] = [
    {
      key: 'bold',
      label: 'Tebal',
      icon: <FormatBoldIcon fontSize="small" />,
      on: active.bold,
      run: () => editor.chain().focus().toggleBold().run(),
    },
    {
      key: 'italic',
      label: 'Miring',
      icon: <FormatItalicIcon fontSize="small" />,
      on: active.italic,
      run: () => editor.chain().focus().toggleItalic().run(),
    },
    {
      key: 'underline',
      label: 'Garis bawah',
      icon: <FormatUnderlinedIcon fontSize="small" />,
      on: active.underline,
      run: () => editor.chain().focus().toggleUnderline().run(),
    },
    {
      key: 'h2',
      label: 'Judul',
      icon: <TitleIcon fontSize="small" />,
      on: active.h2,
      run: () => editor.chain().focus().toggleHeading({ level: 2 }).run(),
    },
    {
      key: 'h3',
      label: 'Subjudul',
      icon: <TextFieldsIcon fontSize="small" />,
      on: active.h3,
      run: () => editor.chain().focus().toggleHeading({ level: 3 }).run(),
    },
    {
      key: 'bullet',
      label: 'Daftar berpoin',
      icon: <FormatListBulletedIcon fontSize="small" />,
      on: active.bullet,
      run: () => editor.chain().focus().toggleBulletList().run(),
    },
    {
      key: 'ordered',
      label: 'Daftar bernomor',
      icon: <FormatListNumberedIcon fontSize="small" />,
      on: active.ordered,
      run: () => editor.chain().focus().toggleOrderedList().run(),
    },
  ];

  return (
    <Box
      role="toolbar"
      aria-label="Format teks"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.25, px: 0.5, py: 0.5 }}
    >
      {buttons.map((b) => (
        <Tooltip key={b.key} title={b.label} disableInteractive>
          <span>
            <IconButton
              size="small"
              aria-label={b.label}
              aria-pressed={b.on}
              disabled={disabled}
              onMouseDown={(event) => event.preventDefault()}
              onClick={b.run}
              sx={(theme) => ({
                borderRadius: 1,
                color: b.on ? 'primary.main' : 'text.secondary',
                bgcolor: b.on ? alpha(theme.palette.primary.main, 0.1) : 'transparent',
              })}
            >
              {b.icon}
            </IconButton>
          </span>
        </Tooltip>
      ))}
      <Tooltip title={active.link ? 'Hapus tautan' : 'Tautan'} disableInteractive>
        <span>
          <IconButton
            size="small"
            aria-label={active.link ? 'Hapus tautan' : 'Tautan'}
            disabled={disabled}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              if (active.link) editor.chain().focus().extendMarkRange('link').unsetLink().run();
              else setLinkOpen(true);
            }}
            sx={{ borderRadius: 1, color: active.link ? 'primary.main' : 'text.secondary' }}
          >
            {active.link ? <LinkOffIcon fontSize="small" /> : <LinkIcon fontSize="small" />}
          </IconButton>
        </span>
      </Tooltip>
      {linkOpen && (
        <LinkDialog
          onClose={() => setLinkOpen(false)}
          onSubmit={(href) => {
            setLinkOpen(false);
            const chain = editor.chain().focus();
            // With nothing selected the address itself becomes the linked text.
            if (editor.state.selection.empty)
              chain
                .insertContent({
                  type: 'text',
                  text: href,
                  marks: [{ type: 'link', attrs: { href } }],
                })
                .run();
            else chain.extendMarkRange('link').setLink({ href }).run();
          }}
        />
      )}
    </Box>
  );
}

function LinkDialog({
  onClose,
  onSubmit,
}: {
  onClose: () => void;
  onSubmit: (href: string) => void;
}) {
  const [href, setHref] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = () => {
    const text = href.trim();
    const withProtocol = /^(https?:|mailto:)/i.test(text) ? text : `https://${text}`;
    try {
      const url = new URL(withProtocol);
      if (!['http:', 'https:', 'mailto:'].includes(url.protocol) || !text) throw new Error();
      onSubmit(withProtocol);
    } catch {
      setInvalid(true);
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>Tambah tautan</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          margin="dense"
          label="URL"
          placeholder="https://"
          value={href}
          error={invalid}
          helperText={invalid ? 'URL tidak valid' : ' '}
          onChange={(event) => {
            setHref(event.target.value);
            setInvalid(false);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              submit();
            }
          }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose}>
          Batal
        </Button>
        <Button variant="contained" onClick={submit}>
          Simpan
        </Button>
      </DialogActions>
    </Dialog>
  );
}
