export { ApiToolsPage } from './components/api-tools-page';
