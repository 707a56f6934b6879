console.log('size: not yet (bundle budgets arrive with the distribution issue)');
