import CssBaseline from '@mui/joy/CssBaseline';
import List from '@mui/joy/List';
import ListItem from '@mui/joy/ListItem';
import Sheet from '@mui/joy/Sheet';
import { CssVarsProvider } from '@mui/joy/styles';
import Typography from '@mui/joy/Typography';
import { browserLanguage, translate } from '../i18n';
import type { ConfigProblem, ConfigProblemReason } from '../lib/config';
import type { MessageKey } from '../i18n';

const reasonKey: Record<ConfigProblemReason, MessageKey> = {
  missing: 'errors.config.missing',
  empty: 'errors.config.empty',
  'not-a-url': 'errors.config.notUrl',
  'not-a-backend': 'errors.config.notBackend',
  'not-a-tile-url': 'maps.config.notTileUrl',
  'not-a-path': 'errors.config.notPath',
};
import { theme } from './theme';

/** Shown instead of the app when the configuration does not validate: names every bad variable. */
export function ConfigErrorPage({ problems }: { problems: ConfigProblem[] }) {
  const language = browserLanguage();
  return (
    <CssVarsProvider theme={theme}>
      <CssBaseline />
      <Sheet component="main" sx={{ maxWidth: 640, mx: 'auto', my: 6, p: 4, borderRadius: 'lg' }} variant="outlined">
        <Typography level="h2" component="h1" sx={{ mb: 1 }}>
          {translate(language, 'errors.config.title')}
        </Typography>
        <Typography level="body-md">{translate(language, 'errors.config.body')}</Typography>
        <List marker="disc">
          {problems.map((problem) => (
            <ListItem key={problem.variable}>
              <Typography level="body-md">
                <Typography component="code" fontFamily="code" fontWeight="lg">
                  {problem.variable}
                </Typography>
                {': '}
                {translate(language, reasonKey[problem.reason])}
              </Typography>
            </ListItem>
          ))}
        </List>
      </Sheet>
    </CssVarsProvider>
  );
}
