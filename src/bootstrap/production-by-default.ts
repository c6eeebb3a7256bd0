/**
 * The built server renders with React's production build. React's entry files choose their
 * build from NODE_ENV when first required, and nothing in `npm start` or a process manager sets
 * it: without this line every page was rendered by the development build, several times
 * slower. It is main.ts's first import, so it runs before anything requires React. The dev
 * script (Vite in middleware mode) keeps the development build, and an explicit NODE_ENV wins.
 */
if (process.env.NODE_ENV === undefined && process.env.VITE_DEV_SERVER !== 'true') process.env.NODE_ENV = 'production';
