/**
 * The one script a drawn document runs before its screen is painted (asDrawnDocument): the
 * screen is already in the HTML, so the app's files (its scripts, their preloads and the
 * translation files) wait in the document's `<template>` until the browser reports the first
 * contentful paint. On a slow connection the document then has the bandwidth to itself, and the
 * app's files follow it.
 *
 * It imports nothing, so the document fetches this one small file before it paints (the build
 * refuses it otherwise); that is why it finds the template as the head's only one.
 */
let started = false;

const start = (): void => {
  if (started) return;
  started = true;
  const template = document.head.querySelector('template');
  if (!(template instanceof HTMLTemplateElement)) return;
  const held = [...template.content.children];
  // A module script from a template never runs: the entry is imported instead, after its
  // preloads are in the page (one insertion), so every file is asked for at once.
  document.head.append(...held.filter((element) => element.localName === 'link'));
  for (const script of held.filter((element) => element.localName === 'script')) {
    const src = script.getAttribute('src');
    if (src) void import(/* @vite-ignore */ src);
  }
};

// A document sent without its drawing (no session for a screen drawn on request) has nothing to
// paint; neither does a page that is not shown; a browser without paint timing would never say.
// Each starts now.
const drawn = Boolean(document.getElementById('root')?.hasChildNodes());
if (
  drawn &&
  PerformanceObserver.supportedEntryTypes.includes('paint') &&
  document.visibilityState === 'visible'
)
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
else start();
