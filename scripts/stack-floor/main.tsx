/**
 * The smallest page this stack can draw: React 19, react-router's data router (the console needs
 * it for useBlocker), a Joy theme with a sheet, a label, an input and a button, and one XState
 * actor. No app code at all. scripts/stack-floor.ts builds it and prints its gzip size: the floor
 * under any sign-in page built on this stack (docs/decisions/015-sign-in-bundle-budget.md).
 */
import Button from '@mui/joy/Button';
import CssBaseline from '@mui/joy/CssBaseline';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Sheet from '@mui/joy/Sheet';
import { CssVarsProvider, extendTheme } from '@mui/joy/styles';
import Typography from '@mui/joy/Typography';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { createActor, setup } from 'xstate';

const machine = setup({}).createMachine({ initial: 'idle', states: { idle: { on: { go: 'done' } }, done: {} } });
const actor = createActor(machine).start();
const theme = extendTheme({});
const page = (
  <Sheet>
    <Typography>Sign in</Typography>
    <FormControl>
      <FormLabel>Email</FormLabel>
      <Input />
    </FormControl>
    <Button onClick={() => actor.send({ type: 'go' })}>Sign in</Button>
  </Sheet>
);
const router = createBrowserRouter([{ path: '*', element: page }]);
createRoot(document.getElementById('root')!).render(
  <CssVarsProvider theme={theme}>
    <CssBaseline />
    <RouterProvider router={router} />
  </CssVarsProvider>,
);
