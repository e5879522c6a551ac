import {
  useId,
  useState,
  type AnimationEvent,
  type ChangeEvent,
  type ReactNode,
  type Ref,
} from 'react';
import ButtonBase from '@mui/material/ButtonBase';
import { keyframes, styled } from '@mui/material/styles';
import VisibilityOffRounded from '@mui/icons-material/VisibilityOffRounded';
import VisibilityRounded from '@mui/icons-material/VisibilityRounded';

/*
 * The outlined text field of the login screen, drawn like MUI's outlined TextField (floating
 * label, notched outline, helper text; the same ids and aria wiring) from a native input and a
 * few styled elements. MUI's TextField with its input parts costs the login route ~7 kB gzipped
 * (and TextField always bundles Select, Menu and Popover); the sign-in budget (docs/benchmarks.md) has no room.
 * The styles follow MUI 7's OutlinedInput, InputLabel, NotchedOutline and FormHelperText.
 */

// Browser autofill does not tell React the value; an animation on `:-webkit-autofill` does
// (MUI's own trick), so the label floats over an autofilled value.
// Animation properties are ignored inside keyframes, so nothing visibly animates.
const autofillStart = keyframes`from { animation-name: ajar-autofill-start; }`;
const autofillCancel = keyframes`from { animation-name: ajar-autofill-cancel; }`;

interface FieldState {
  focused: boolean;
  shrink: boolean;
  error: boolean;
  disabled: boolean;
}
const stateProps = new Set(['focused', 'shrink', 'error', 'disabled']);
const forward = { shouldForwardProp: (prop: string) => !stateProps.has(prop) };

const Root = styled('div')({
  display: 'flex',
  flexDirection: 'column',
  position: 'relative',
  minWidth: 0,
  width: '100%',
  verticalAlign: 'top',
});

const Label = styled(
  'label',
  forward,
)<FieldState>(({ theme, focused, shrink, error, disabled }) => ({
  ...theme.typography.body1,
  lineHeight: '1.4375em',
  color: error
    ? theme.palette.error.main
    : disabled
      ? theme.palette.text.disabled
      : focused
        ? theme.palette.primary.main
        : theme.palette.text.secondary,
  position: 'absolute',
  left: 0,
  top: 0,
  zIndex: 1,
  display: 'block',
  transformOrigin: 'top left',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  pointerEvents: shrink ? 'auto' : 'none',
  userSelect: shrink ? 'none' : undefined,
  transform: shrink ? 'translate(14px, -9px) scale(0.75)' : 'translate(14px, 16px) scale(1)',
  maxWidth: shrink ? 'calc(133% - 32px)' : 'calc(100% - 24px)',
  transition: theme.transitions.create(['color', 'transform', 'max-width'], {
    duration: theme.transitions.duration.shorter,
    easing: theme.transitions.easing.easeOut,
  }),
}));

const InputBox = styled(
  'div',
  forward,
)<FieldState & { adorned: boolean }>(({ theme, focused, error, disabled, adorned }) => ({
  ...theme.typography.body1,
  lineHeight: '1.4375em',
  color: disabled ? theme.palette.text.disabled : theme.palette.text.primary,
  boxSizing: 'border-box',
  position: 'relative',
  cursor: disabled ? 'default' : 'text',
  display: 'flex',
  alignItems: 'center',
  width: '100%',
  borderRadius: theme.shape.borderRadius,
  paddingRight: adorned ? 14 : undefined,
  '& > fieldset': {
    borderColor: error
      ? theme.palette.error.main
      : disabled
        ? theme.palette.action.disabled
        : focused
          ? theme.palette.primary.main
          : 'rgba(0, 0, 0, 0.23)',
    borderWidth: focused ? 2 : 1,
  },
  ...(!focused && !error && !disabled
    ? {
        '&:hover > fieldset': { borderColor: theme.palette.text.primary },
        '@media (hover: none)': { '&:hover > fieldset': { borderColor: 'rgba(0, 0, 0, 0.23)' } },
      }
    : {}),
}));

const Input = styled('input')(({ theme }) => ({
  font: 'inherit',
  letterSpacing: 'inherit',
  color: 'currentColor',
  padding: '16.5px 14px',
  border: 0,
  boxSizing: 'content-box',
  background: 'none',
  height: '1.4375em',
  margin: 0,
  WebkitTapHighlightColor: 'transparent',
  display: 'block',
  minWidth: 0,
  width: '100%',
  borderRadius: 'inherit',
  animationName: autofillCancel,
  animationDuration: '10ms',
  '&:-webkit-autofill': { animationName: autofillStart, animationDuration: '5000s' },
  '&:focus': { outline: 0 },
  '&:invalid': { boxShadow: 'none' },
  '&:disabled': { opacity: 1, WebkitTextFillColor: theme.palette.text.disabled },
}));

const Outline = styled('fieldset')({
  textAlign: 'left',
  position: 'absolute',
  inset: '-5px 0 0 0',
  margin: 0,
  padding: '0 8px',
  pointerEvents: 'none',
  borderRadius: 'inherit',
  borderStyle: 'solid',
  overflow: 'hidden',
  minWidth: '0%',
});

const Legend = styled(
  'legend',
  forward,
)<{ shrink: boolean }>(({ theme, shrink }) => ({
  float: 'unset',
  width: 'auto',
  overflow: 'hidden',
  display: 'block',
  padding: 0,
  height: 11,
  fontSize: '0.75em',
  visibility: 'hidden',
  whiteSpace: 'nowrap',
  maxWidth: shrink ? '100%' : 0.01,
  transition: theme.transitions.create('max-width', {
    duration: shrink ? 100 : 50,
    easing: theme.transitions.easing.easeOut,
    delay: shrink ? 50 : 0,
  }),
  '& > span': {
    paddingLeft: 5,
    paddingRight: 5,
    display: 'inline-block',
    opacity: 0,
    visibility: 'visible',
  },
}));

const HelperText = styled(
  'p',
  forward,
)<{ error: boolean }>(({ theme, error }) => ({
  ...theme.typography.caption,
  color: error ? theme.palette.error.main : theme.palette.text.secondary,
  textAlign: 'left',
  margin: '3px 14px 0',
}));

const Adornment = styled('div')(({ theme }) => ({
  display: 'flex',
  height: '0.01em',
  maxHeight: '2em',
  alignItems: 'center',
  whiteSpace: 'nowrap',
  color: theme.palette.action.active,
  marginLeft: 8,
}));

const ToggleButton = styled(ButtonBase)(({ theme }) => ({
  flex: '0 0 auto',
  padding: 5,
  marginRight: -3,
  borderRadius: '50%',
  fontSize: theme.typography.pxToRem(18),
  color: theme.palette.action.active,
  transition: theme.transitions.create('background-color', {
    duration: theme.transitions.duration.shortest,
  }),
  '&:hover': {
    backgroundColor: theme.palette.action.hover,
    '@media (hover: none)': { backgroundColor: 'transparent' },
  },
}));

export interface AuthTextFieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The field's error message; shown as its helper text and marks the field invalid. */
  error?: string;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  endAdornment?: ReactNode;
}

export function AuthTextField({
  name,
  label,
  value,
  onChange,
  error,
  type,
  autoComplete,
  autoFocus,
  disabled = false,
  inputRef,
  endAdornment,
}: AuthTextFieldProps) {
  const id = useId();
  const [focused, setFocused] = useState(false);
  const [autofilled, setAutofilled] = useState(false);
  const helperTextId = error ? `${id}-helper-text` : undefined;
  const state: FieldState = {
    focused: focused && !disabled,
    shrink: focused || autofilled || value !== '',
    error: Boolean(error),
    disabled,
  };
  const onAnimationStart = (event: AnimationEvent<HTMLInputElement>) => {
    if (event.animationName === autofillStart.name) setAutofilled(true);
    else if (event.animationName === autofillCancel.name) setAutofilled(false);
  };
  return (
    <Root>
      <Label htmlFor={id} id={`${id}-label`} data-shrink={state.shrink} {...state}>
        {label}
      </Label>
      <InputBox {...state} adorned={Boolean(endAdornment)}>
        <Input
          id={id}
          name={name}
          type={type}
          value={value}
          onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          onAnimationStart={onAnimationStart}
          autoComplete={autoComplete}
          autoFocus={autoFocus}
          disabled={disabled}
          ref={inputRef}
          aria-invalid={Boolean(error)}
          aria-describedby={helperTextId}
        />
        {endAdornment ? <Adornment>{endAdornment}</Adornment> : null}
        <Outline aria-hidden>
          <Legend shrink={state.shrink}>
            <span>{label}</span>
          </Legend>
        </Outline>
      </InputBox>
      {error ? (
        <HelperText id={helperTextId} error>
          {error}
        </HelperText>
      ) : null}
    </Root>
  );
}

/** A password field with a show/hide toggle (as `FormPasswordField`). */
export function AuthPasswordField(props: Omit<AuthTextFieldProps, 'type' | 'endAdornment'>) {
  const [visible, setVisible] = useState(false);
  return (
    <AuthTextField
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={
        // The label avoids the word "password" so the field keeps its label to itself.
        <ToggleButton
          centerRipple
          aria-label={visible ? 'Sembunyikan kata sandi' : 'Lihat kata sandi'}
          onClick={() => setVisible((v) => !v)}
          onMouseDown={(event) => event.preventDefault()}
        >
          {visible ? <VisibilityOffRounded /> : <VisibilityRounded />}
        </ToggleButton>
      }
    />
  );
}
