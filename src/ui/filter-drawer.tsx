import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import DialogTitle from '@mui/joy/DialogTitle';
import Divider from '@mui/joy/Divider';
import Drawer from '@mui/joy/Drawer';
import ModalClose from '@mui/joy/ModalClose';
import Stack from '@mui/joy/Stack';
import { useId, type FormEvent, type ReactNode } from 'react';

export interface FilterDrawerTexts {
  title: string;
  apply: string;
  reset: string;
  close: string;
}

/**
 * The lists' filter drawer (spec section 2): a form on the right with Apply and Reset. The
 * choices stay in the form until applied, so closing the drawer changes nothing.
 */
export function FilterDrawer({
  open,
  texts,
  onClose,
  onApply,
  onReset,
  children,
}: {
  open: boolean;
  texts: FilterDrawerTexts;
  onClose: () => void;
  onApply: () => void;
  onReset: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply();
  };
  return (
    <Drawer open={open} onClose={onClose} anchor="right" size="sm" slotProps={{ content: { 'aria-labelledby': titleId } }}>
      <ModalClose aria-label={texts.close} />
      <DialogTitle id={titleId} component="h2">
        {texts.title}
      </DialogTitle>
      <Divider />
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}>
        <Stack gap={2.5} sx={{ p: 2, overflowY: 'auto', flex: 1 }}>
          {children}
        </Stack>
        <Divider />
        <Stack direction="row" gap={1} sx={{ p: 2, justifyContent: 'flex-end' }}>
          <Button type="button" variant="plain" color="neutral" onClick={onReset}>
            {texts.reset}
          </Button>
          <Button type="submit">{texts.apply}</Button>
        </Stack>
      </Box>
    </Drawer>
  );
}
