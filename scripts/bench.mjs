console.log('bench: not yet (benchmarks arrive with the benchmarks issue)');
