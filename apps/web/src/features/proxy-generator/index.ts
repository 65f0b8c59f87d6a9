export { GeneratorModal } from './components/generator-modal';
