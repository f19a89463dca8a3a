/**
 * The first tab takes input from its first paint (src/renderer/src/first-screen/early-input.ts): with the app's script
 * held back, what is typed stays in the fields and what is pressed (Tab out of the job picker, Ctrl+Enter, the app's
 * keys) is kept; once the script is in charge the fields are in its state and the presses are done, in order, once.
 */
import { expect, localToday, saveScreen, test } from './fixtures';
import { composer, heldPage, inCharge } from './held-page';
import { earlyInputScript } from '../../src/renderer/src/first-screen/early-input';
import { replayActs } from '../../src/renderer/src/first-screen/take-over';

test('a log typed and sent with Ctrl+Enter before the script is logged once, with what was typed', async ({ browser, web, sandbox }) => {
  const { page, release } = await heldPage(browser, web.url);
  const { form, picker, hours, description } = composer(page);
  const logged = () => sandbox.state().timeLogs.filter((l) => l.user === sandbox.demoUser && l.description === 'Typed before the script');
  expect(logged()).toHaveLength(0);

  // as a user does it: the job's first letters, Tab (which chooses it), the description, the hours, Ctrl+Enter
  await picker.click();
  await page.keyboard.type('backend');
  await page.keyboard.press('Tab');
  await expect(description).toBeFocused();
  await page.keyboard.type('Typed before the script');
  await hours.click();
  await page.keyboard.type('1.5');
  await page.keyboard.press('Control+Enter');
  // the page stays as it is (no native submit), the script still held back
  await expect(hours).toHaveValue('1.5');
  expect(await page.evaluate(() => performance.getEntriesByName('punchcard:app-script').length)).toBe(0);
  await saveScreen(page, 'early-input-typed-before-the-script-420');

  release();
  await inCharge(page);
  await expect(form.getByRole('status')).toContainText('Logged 01:30 on Backend API');
  await expect.poll(() => logged().length).toBe(1);
  const backend = sandbox.state().jobs.find((j) => j.jobId === logged()[0].jobId);
  expect(backend?.jobName).toMatch(/Backend API/);
  expect(logged()[0]).toMatchObject({ minutes: 90, workDate: localToday() });
  // the form ready for the next entry, as after any log
  await expect(hours).toHaveValue('');
  await expect(description).toHaveValue('');
  await saveScreen(page, 'early-input-logged-after-the-script-420');
  // ...and nothing more is sent later (the press done once)
  await expect(page.getByTestId('status')).toContainText(/online/i);
  expect(logged()).toHaveLength(1);
  await page.context().close();
});

test('a job typed and left by a click before the script: kept as typed, its suggestions not left open beside the field in use', async ({
  browser,
  web,
}) => {
  const { page, release } = await heldPage(browser, web.url);
  const { form, picker, hours } = composer(page);
  await picker.click();
  await page.keyboard.type('Backend');
  await hours.click();
  await page.keyboard.type('1:15');
  release();
  await inCharge(page);
  // what was typed is the app's (the hours read as 01:15), the focus where the user left it, and the job's
  // suggestions, opened by telling the app what was typed, closed as when the user leaves the field
  await expect(form.getByText('01:15', { exact: true })).toBeVisible();
  await expect(picker).toHaveValue('Backend');
  await expect(hours).toBeFocused();
  await expect(picker).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('listbox')).toBeHidden();
  await page.context().close();
});

test('in German (the screen the inline script puts in place), Enter in Hours before the script logs once', async ({
  browser,
  web,
  sandbox,
}) => {
  const { page, release } = await heldPage(browser, web.url, 'de-DE');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  const form = page.locator('form.composer');
  const hours = form.locator('.duration-input');
  const logged = () => sandbox.state().timeLogs.filter((l) => l.user === sandbox.demoUser && l.description === 'Vor dem Skript');

  await form.getByRole('combobox').click();
  await page.keyboard.type('backend');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Vor dem Skript');
  await hours.click();
  await page.keyboard.type('45m');
  // Enter in a field: the form's button, as the browser would press it (here kept, and pressed once in charge)
  await page.keyboard.press('Enter');
  await expect(hours).toHaveValue('45m');

  release();
  await inCharge(page);
  await expect.poll(() => logged().length).toBe(1);
  expect(logged()[0]).toMatchObject({ minutes: 45, workDate: localToday() });
  await expect(hours).toHaveValue('');
  await expect(page.getByTestId('status')).toContainText(/online/i);
  expect(logged()).toHaveLength(1);
  await page.context().close();
});

test('a click on Log before the script logs once, with what was typed; the button says so before the script', async ({
  browser,
  web,
  sandbox,
}) => {
  const { page, release } = await heldPage(browser, web.url);
  const { form, picker, hours } = composer(page);
  const logged = () => sandbox.state().timeLogs.filter((l) => l.user === sandbox.demoUser && l.description === 'Clicked before the script');
  // nothing typed: the button as the app draws it without a job (no pointer, "Choose a job first.")
  await expect(form.getByRole('button', { name: 'Start timer' })).toHaveCSS('pointer-events', 'none');
  await expect(form.getByText('Choose a job first.')).toBeVisible();
  await saveScreen(page, 'early-input-nothing-typed-before-the-script-420');

  await picker.click();
  await page.keyboard.type('backend');
  await page.keyboard.press('Tab');
  // a job typed, no hours: the button starts the timer, and takes a press
  await expect(form.getByRole('button', { name: 'Start timer' })).toHaveCSS('pointer-events', 'auto');
  await saveScreen(page, 'early-input-job-typed-before-the-script-420');
  await page.keyboard.type('Clicked before the script');
  await hours.click();
  await page.keyboard.type('1:45');
  // hours typed: the button says what a press will do, and takes it
  const log = form.getByRole('button', { name: 'Log time' });
  await expect(log).toBeVisible();
  await expect(log).toBeEnabled();
  await expect(log).toHaveCSS('pointer-events', 'auto');
  await expect(form.getByRole('button', { name: 'Start timer' })).toHaveCount(0);
  await expect(form.getByText('Choose a job first.')).toBeHidden();
  await saveScreen(page, 'early-input-log-button-before-the-script-420');
  await log.click();
  await expect(hours).toHaveValue('1:45');
  expect(await page.evaluate(() => performance.getEntriesByName('punchcard:app-script').length)).toBe(0);

  release();
  await inCharge(page);
  await expect(form.getByRole('status')).toContainText('Logged 01:45 on Backend API');
  await expect.poll(() => logged().length).toBe(1);
  expect(logged()[0]).toMatchObject({ minutes: 105, workDate: localToday() });
  expect(sandbox.state().jobs.find((j) => j.jobId === logged()[0].jobId)?.jobName).toMatch(/Backend API/);
  await expect(hours).toHaveValue('');
  await expect(page.getByTestId('status')).toContainText(/online/i);
  expect(logged()).toHaveLength(1);
  await page.context().close();
});

test('a double click on Log before the script logs once: the first press makes the form busy, as in the app', async ({
  browser,
  web,
  sandbox,
}) => {
  const { page, release } = await heldPage(browser, web.url);
  const form = page.getByRole('form', { name: 'Log or time your work' });
  const logged = () =>
    sandbox.state().timeLogs.filter((l) => l.user === sandbox.demoUser && l.description === 'Clicked twice before the script');
  await form.getByRole('combobox', { name: 'Job' }).click();
  await page.keyboard.type('backend');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Clicked twice before the script');
  await form.getByRole('textbox', { name: 'Hours', exact: true }).click();
  await page.keyboard.type('50m');
  await form.getByRole('button', { name: 'Log time' }).dblclick();

  release();
  await inCharge(page);
  await expect(form.getByRole('status')).toContainText('Logged 00:50 on Backend API');
  await expect.poll(() => logged().length).toBe(1);
  await expect(page.getByTestId('status')).toContainText(/online/i);
  expect(logged()).toHaveLength(1);
  await page.context().close();
});

test('a job typed and Start timer clicked before the script: the timer runs on that job', async ({ browser, web }) => {
  const { page, release } = await heldPage(browser, web.url);
  const form = page.getByRole('form', { name: 'Log or time your work' });
  await form.getByRole('combobox', { name: 'Job' }).click();
  await page.keyboard.type('backend');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Timed before the script');
  await form.getByRole('button', { name: 'Start timer' }).click();
  await expect(page.locator('.running-name')).toHaveCount(0);

  release();
  await inCharge(page);
  await expect(page.locator('.running-name')).toHaveText(/Backend API/);
  // the form is ready for the next entry, as after any start
  await expect(form.getByRole('combobox', { name: 'Job' })).toHaveValue('');
  await expect(form.getByLabel('Description')).toHaveValue('');
  await page.context().close();
});

test('a click on Log before the script with no job chosen: the app says so once in charge, and sends nothing', async ({
  browser,
  web,
  sandbox,
}) => {
  const { page, release } = await heldPage(browser, web.url);
  const { form, picker, hours, description } = composer(page);
  const logged = () => sandbox.state().timeLogs.filter((l) => l.user === sandbox.demoUser && l.description === 'No job before the script');
  // a name that is no job, left by a click (so nothing chose one)
  await picker.click();
  await page.keyboard.type('No such job');
  await description.click();
  await page.keyboard.type('No job before the script');
  await hours.click();
  await page.keyboard.type('40m');
  await form.getByRole('button', { name: 'Log time' }).click();

  release();
  await inCharge(page);
  // the app's own word, its button closed, what was typed kept
  await expect(form.getByText('Choose a job first.')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Log 00:40' })).toBeDisabled();
  await expect(hours).toHaveValue('40m');
  // a job chosen now and the form's key: one log, so the click before the script sent none
  await picker.fill('backend');
  await page.keyboard.press('Enter');
  await expect(picker).toHaveValue(/Backend API/);
  await page.keyboard.press('Control+Enter');
  await expect(form.getByRole('status')).toContainText('Logged 00:40 on Backend API');
  await expect.poll(() => logged().length).toBe(1);
  await expect(page.getByTestId('status')).toContainText(/online/i);
  expect(logged()).toHaveLength(1);
  await page.context().close();
});

test('Enter in the job picker before the script goes on to Hours at once: the hours typed next are there, one log', async ({
  browser,
  web,
  sandbox,
}) => {
  const { page, release } = await heldPage(browser, web.url);
  const { form, picker, hours, description } = composer(page);
  const logged = () => sandbox.state().timeLogs.filter((l) => l.user === sandbox.demoUser && l.description === 'Entered before the script');

  await picker.click();
  await page.keyboard.type('backend');
  await page.keyboard.press('Enter');
  await expect(hours).toBeFocused();
  await page.keyboard.type('1:15');
  await expect(hours).toHaveValue('1:15');
  await expect(picker).toHaveValue('backend');
  await description.click();
  await page.keyboard.type('Entered before the script');

  release();
  await inCharge(page);
  // the kept Enter chose the job, and left the focus where the user went on to
  await expect(picker).toHaveValue(/Backend API/);
  await expect(description).toBeFocused();
  await expect(form.getByRole('button', { name: 'Log 01:15' })).toBeEnabled();
  expect(logged()).toHaveLength(0);
  await page.keyboard.press('Control+Enter');
  await expect(form.getByRole('status')).toContainText('Logged 01:15 on Backend API');
  await expect.poll(() => logged().length).toBe(1);
  expect(logged()[0]).toMatchObject({ minutes: 75, workDate: localToday() });
  await expect(page.getByTestId('status')).toContainText(/online/i);
  expect(logged()).toHaveLength(1);
  await page.context().close();
});

test('Alt+L before the script goes to Hours at once, and is not done again by the app', async ({ browser, web }) => {
  const { page, release } = await heldPage(browser, web.url);
  const { form, hours, description } = composer(page);
  await page.keyboard.press('Alt+L');
  await expect(hours).toBeFocused();
  await page.keyboard.type('30m');
  await expect(hours).toHaveValue('30m');
  // and the user goes on to the description
  await description.click();
  await page.keyboard.type('After Alt+L');

  release();
  await inCharge(page);
  // the hours are the app's (read as 00:30), and the focus stays where the user went: Alt+L was not done a second time
  await expect(form.getByRole('button', { name: 'Log 00:30' })).toBeVisible();
  await expect(description).toBeFocused();
  await expect(description).toHaveValue('After Alt+L');
  await page.context().close();
});

test('the app keys pressed before the script are done after it, in order: Alt+3 then Alt+2 ends on Week', async ({ browser, web }) => {
  const { page, release } = await heldPage(browser, web.url);
  await page.keyboard.press('Alt+3');
  await page.keyboard.press('Alt+2');
  // the built page's tab still chosen: nothing acted yet
  await expect(page.locator('#tab-track')).toHaveAttribute('aria-selected', 'true');

  release();
  await inCharge(page);
  await expect(page.getByRole('tab', { name: 'Week' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toHaveAttribute('id', 'panel-week');
  await page.context().close();
});

test('the early layer keeps presses in order, stops them, and hands them over once; replayed in that order', async ({ browser }) => {
  // a page of its own, no app: the layer and the replay alone, in the browser
  const page = await browser.newPage();
  await page.setContent(`<div id="root"><button id="a" type="button">A</button>
    <form id="f"><input id="field" aria-label="field"><button id="send">Send</button></form>
    <a id="away" href="#away">away</a></div>`);
  await page.addScriptTag({ content: earlyInputScript() });
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seen: string[] }).seen = seen;
    document.getElementById('a')!.addEventListener('click', () => seen.push('click a'));
    document.getElementById('send')!.addEventListener('click', () => seen.push('click send'));
    document.getElementById('f')!.addEventListener('submit', (e) => {
      e.preventDefault();
      seen.push('submit');
    });
    window.addEventListener(
      'keydown',
      (e) => ['Alt', 'Control'].includes(e.key) || seen.push(`key ${e.altKey ? 'Alt+' : ''}${e.ctrlKey ? 'Ctrl+' : ''}${e.key}`),
    );
  });
  const seen = () => page.evaluate(() => (window as unknown as { seen: string[] }).seen);
  expect(await page.evaluate(() => performance.getEntriesByName('punchcard:takes-input').length)).toBe(1);

  await page.click('#a');
  await page.keyboard.press('Alt+2');
  await page.click('#field');
  await page.keyboard.type('x');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Control+Enter');
  await page.click('#away');
  // typing reached the field and its handlers; none of the kept presses did, and nothing navigated or submitted
  await expect(page.locator('#field')).toHaveValue('x');
  expect(await seen()).toEqual(['key x']);
  expect(page.url()).toBe('about:blank');

  const replayed = await page.evaluate(
    `(() => { const acts = window.punchcardEarlyInput.take(); const again = window.punchcardEarlyInput.take();
       const n = (${replayActs.toString()})(acts, document.getElementById('root'), (act) => act());
       return { kinds: acts.map((a) => a.kind + (a.key ? ' ' + a.key : '')), n, again: again.length,
         early: document.documentElement.hasAttribute('data-early-input') }; })()`,
  );
  expect(replayed).toEqual({
    kinds: ['click', 'key 2', 'key Enter', 'key Enter', 'click'],
    n: 5,
    again: 0,
    early: false,
  });
  // in order, through the page's own handlers: Enter in the field presses the form's button (implicit submission)
  expect(await seen()).toEqual(['key x', 'click a', 'key Alt+2', 'key Enter', 'click send', 'submit', 'key Ctrl+Enter']);
  // the link's click replayed is the page's to follow
  await expect.poll(() => page.url()).toBe('about:blank#away');
  await page.close();
});
