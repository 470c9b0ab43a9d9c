// An SDL app on sdl_javascript_suite's managers, for RealSDLAppTests: it uploads an artwork,
// preloads three cells, presents them four times (the test taps, speaks, lets time run out,
// and tells the app to cancel), presents a keyboard with autocomplete and a limited
// character set, deletes its cells and leaves. Each step is one "[app] …" line on stdout;
// before each presentation and before leaving it waits for a line on stdin (the test's go),
// and for "cancel" before cancelling.
//   SDL_JS=<index.mjs from build.sh> node --import <kit>/register.mjs choice-sets-and-keyboard.mjs PORT
import { createInterface } from 'node:readline';

const { default: SDL } = await import(process.env.SDL_JS);
const port = Number(process.argv[2]);
const say = (...parts) => console.log('[app]', ...parts);
const commands = createInterface({ input: process.stdin });
const nextCommand = () => new Promise((resolve) => commands.once('line', resolve));
process.on('unhandledRejection', (error) => { say('FAILED', String(error)); process.exit(1); });

const lifecycle = new SDL.manager.LifecycleConfig()
    .setAppId('rt-choices')
    .setAppName('Real App')
    .setLanguageDesired(SDL.rpc.enums.Language.EN_US)
    .setHmiDisplayLanguageDesired(SDL.rpc.enums.Language.EN_US)
    .setAppTypes([SDL.rpc.enums.AppHMIType.DEFAULT])
    .setTransportConfig(new SDL.transport.TcpClientConfig('127.0.0.1', port));

const { ChoiceCell, ChoiceSet, ChoiceSetSelectionListener, KeyboardListener } = SDL.manager.screen.choiceset;

async function run (manager) {
    const screen = manager.getScreenManager();
    say('READY');

    // 5,000 bytes of artwork: many PutFiles at a small MTU.
    const bytes = new Uint8Array(5000).map((_, index) => (index * 7) & 0xff);
    const artwork = new SDL.manager.file.filetypes.SdlArtwork('city-art', SDL.rpc.enums.FileType.GRAPHIC_PNG, bytes, false);
    const cells = ['Berlin', 'Bern', 'Paris'].map((name) => new ChoiceCell(name).setVoiceCommands([name]));
    cells[0].setArtwork(artwork);
    await screen.preloadChoices(cells);
    say('PRELOADED');

    for (const way of ['tap', 'speak', 'timeout', 'cancel']) {
        await nextCommand();
        const outcome = await new Promise((resolve) => {
            const set = new ChoiceSet('Pick a city', cells, new ChoiceSetSelectionListener()
                .setOnChoiceSelected((cell, source) => resolve(`selected ${cell.getText()} ${source}`))
                .setOnError((error) => resolve(`error ${error}`)));
            set.setTimeout(10);
            screen.presentChoiceSet(set, SDL.rpc.enums.InteractionMode.BOTH);
            say('PRESENTING', way);
            if (way === 'cancel') nextCommand().then(() => { set.cancel(); say('CANCELLING'); });
        });
        say('OUTCOME', way, outcome);
    }

    await nextCommand();
    const typed = await new Promise((resolve) => {
        const listener = new KeyboardListener()
            .setOnUserDidSubmitInput((text, event) => resolve(`submitted ${text} ${event}`))
            .setOnKeyboardDidAbortWithReason((event) => resolve(`aborted ${event}`))
            .setUpdateAutocompleteWithInput((text, update) => update(['Berlin', 'Bern', 'Paris'].filter((city) => city.toLowerCase().startsWith(text.toLowerCase()))))
            .setUpdateCharacterSetWithInput((text, update) => update(['r', 'l', 'n']))
            .setOnKeyboardDidSendEvent((event, text) => say('KEYBOARD EVENT', event, text));
        screen.presentKeyboard('Type a city', null, listener);
        say('KEYBOARD');
    });
    say('OUTCOME keyboard', typed);

    await screen.deleteChoices(cells);
    say('DELETED');
    await nextCommand();
    manager.dispose();
    say('DONE');
    setTimeout(() => process.exit(0), 200);
}

const listener = new SDL.manager.SdlManagerListener()
    .setOnStart(() => run(sdlManager).catch((error) => { say('FAILED', String(error)); process.exit(1); }))
    .setOnError((manager, info) => say('ERROR', info));
const sdlManager = new SDL.manager.SdlManager(new SDL.manager.AppConfig().setLifecycleConfig(lifecycle), listener);
sdlManager.start();
say('STARTED', port);
