// Route paths live in shared/config so features can link without importing the app layer.
export { paths } from '../shared/config/paths';
